import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ResourceToStage } from '../../../application/ports/resource-staging.js';
import type { StagedResource } from '../../../domain/bulk/batch-input.js';
import type { OmopTarget } from '../../../domain/bulk/omop-target.js';
import { sharedGroupRef } from '../../../domain/bulk/shared-groups.js';
import { SpillFileResourceStaging, StagingRunUnknownError } from './spill-file-resource-staging.js';

const TARGET: OmopTarget = { url: 'postgres://localhost:5432/cdm_a', schema: 'cdm' };
const OTHER_TARGET: OmopTarget = { url: 'postgres://localhost:5432/cdm_b', schema: 'cdm' };
const RUN = '6f1c1e1e-4a57-4c1b-9a0e-1d2b3c4d5e6f';
const NEXT_RUN = '0b7c9d3a-2f44-4d8e-8f4b-5a6b7c8d9e0f';

function resource(seq: number, groupRef: string, body: Record<string, unknown>, fullUrl?: string) {
  const staged: ResourceToStage = { seq, groupRef, json: JSON.stringify(body) };
  if (fullUrl) staged.fullUrl = fullUrl;
  return staged;
}

/** Every file under the staging root, wherever the adapter put it. */
function filesUnder(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

describe('SpillFileResourceStaging (embedded profile staging)', () => {
  let root: string;
  let staging: SpillFileResourceStaging;

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'spill-staging-'));
    staging = new SpillFileResourceStaging(root);
  });
  afterEach(async () => {
    await staging.onApplicationShutdown();
    rmSync(root, { recursive: true, force: true });
  });

  it('reads back the resources filed under the asked groups, in staging order, with their fullUrls', async () => {
    await staging.open(TARGET, RUN);
    // Two chunks, groups interleaved as in a bulk export split by type; multi-byte text
    // and a resource larger than the read-merging gap between a patient's resources.
    await staging.stage(TARGET, RUN, [
      resource(1, 'Patient/a', { resourceType: 'Patient', id: 'a', name: [{ family: 'Müller' }] }),
      resource(2, 'Patient/b', { resourceType: 'Patient', id: 'b', name: [{ family: '王' }] }),
      resource(3, sharedGroupRef(0), { resourceType: 'Organization', id: 'o1' }, 'urn:uuid:o1'),
    ]);
    await staging.stage(TARGET, RUN, [
      resource(4, 'Patient/b', {
        resourceType: 'Observation',
        id: 'big',
        note: [{ text: 'x'.repeat(200_000) }],
      }),
      resource(5, 'Patient/a', { resourceType: 'Condition', id: 'c-a', note: [{ text: 'é😀' }] }),
      resource(6, 'Patient/b', { resourceType: 'Condition', id: 'c-b' }, 'urn:uuid:c-b'),
    ]);
    await staging.staged(TARGET, RUN);

    const patientA = await staging.resourcesFiledUnder(TARGET, RUN, ['Patient/a']);
    expect(patientA).toEqual([
      {
        seq: 1,
        fullUrl: null,
        resource: { resourceType: 'Patient', id: 'a', name: [{ family: 'Müller' }] },
      },
      {
        seq: 5,
        fullUrl: null,
        resource: { resourceType: 'Condition', id: 'c-a', note: [{ text: 'é😀' }] },
      },
    ]);
    const both = await staging.resourcesFiledUnder(TARGET, RUN, ['Patient/b', 'Patient/a']);
    expect(both.map(({ seq, fullUrl, resource: { id } }) => [seq, fullUrl, id])).toEqual([
      [1, null, 'a'],
      [2, null, 'b'],
      [4, null, 'big'],
      [5, null, 'c-a'],
      [6, 'urn:uuid:c-b', 'c-b'],
    ]);
    expect((both[2].resource.note as { text: string }[])[0].text).toHaveLength(200_000);
    expect(await staging.resourcesFiledUnder(TARGET, RUN, ['Patient/unknown'])).toEqual([]);
  });

  it('hands out every shared resource as its JSON text, and none of the patients', async () => {
    await staging.open(TARGET, RUN);
    const organization = resource(
      2,
      sharedGroupRef(0),
      { resourceType: 'Organization', id: 'o1', name: 'Hôpital' },
      'urn:uuid:o1',
    );
    const practitioner = resource(4, sharedGroupRef(1), {
      resourceType: 'Practitioner',
      id: 'p1',
    });
    await staging.stage(TARGET, RUN, [
      resource(1, 'Patient/a', { resourceType: 'Patient', id: 'a' }),
      organization,
      resource(3, 'Patient/a', { resourceType: 'Encounter', id: 'e1' }),
      practitioner,
    ]);
    await staging.staged(TARGET, RUN);

    const shared: StagedResource[] = [];
    await staging.eachSharedResource(TARGET, RUN, (staged) => shared.push(staged));
    expect(shared).toEqual([
      { seq: 2, fullUrl: 'urn:uuid:o1', resource: JSON.parse(organization.json) },
      { seq: 4, fullUrl: null, resource: JSON.parse(practitioner.json) },
    ]);
    // Read back by staging number: in staging order, unknown numbers left out.
    const found = await staging.resourcesAt(TARGET, RUN, [4, 99, 1]);
    expect(found.map(({ seq, resource: { id } }) => [seq, id])).toEqual([
      [1, 'a'],
      [4, 'p1'],
    ]);
    expect(await staging.resourcesAt(TARGET, RUN, [])).toEqual([]);
    const slice = await staging.resourcesFiledUnder(TARGET, RUN, [sharedGroupRef(1)]);
    expect(slice.map(({ resource: { id } }) => id)).toEqual(['p1']);
  });

  it('serves an empty run, and removes its file when released', async () => {
    await staging.open(TARGET, RUN);
    await staging.staged(TARGET, RUN);
    expect(await staging.resourcesFiledUnder(TARGET, RUN, ['Patient/a'])).toEqual([]);
    const shared: StagedResource[] = [];
    await staging.eachSharedResource(TARGET, RUN, (staged) => shared.push(staged));
    expect(shared).toEqual([]);
    expect(filesUnder(root)).toHaveLength(1);

    await staging.release(TARGET, RUN);
    expect(readdirSync(root)).toEqual([]);
    await expect(staging.resourcesAt(TARGET, RUN, [1])).rejects.toBeInstanceOf(
      StagingRunUnknownError,
    );
    // Releasing twice (a failed run's clean-up after the process already let go) is harmless.
    await staging.release(TARGET, RUN);
  });

  it("clears what an interrupted run left for the same target, and leaves other targets' runs alone", async () => {
    await staging.open(OTHER_TARGET, NEXT_RUN);
    await staging.stage(OTHER_TARGET, NEXT_RUN, [
      resource(1, 'Patient/z', { resourceType: 'Patient', id: 'z' }),
    ]);
    await staging.open(TARGET, RUN);
    await staging.stage(TARGET, RUN, [
      resource(1, 'Patient/a', { resourceType: 'Patient', id: 'a' }),
    ]);
    const [interrupted] = filesUnder(root).filter((path) => path.endsWith(`${RUN}.json`));
    // A process killed mid-load keeps nothing in memory; only its file stays behind.
    const leftover = join(interrupted, '..', 'crashed-run.json');
    writeFileSync(leftover, '{}');

    const restarted = new SpillFileResourceStaging(root);
    await restarted.open(TARGET, NEXT_RUN);
    expect(existsSync(leftover)).toBe(false);
    expect(existsSync(interrupted)).toBe(false);
    await restarted.stage(TARGET, NEXT_RUN, [
      resource(1, 'Patient/a', { resourceType: 'Patient', id: 'a2' }),
    ]);
    await restarted.staged(TARGET, NEXT_RUN);
    const reloaded = await restarted.resourcesFiledUnder(TARGET, NEXT_RUN, ['Patient/a']);
    expect(reloaded.map(({ resource: { id } }) => id)).toEqual(['a2']);
    await restarted.onApplicationShutdown();

    const other = await staging.resourcesFiledUnder(OTHER_TARGET, NEXT_RUN, ['Patient/z']);
    expect(other.map(({ resource: { id } }) => id)).toEqual(['z']);
  });

  it('removes the files of every run still open when the application stops', async () => {
    await staging.open(TARGET, RUN);
    await staging.open(OTHER_TARGET, NEXT_RUN);
    await staging.stage(TARGET, RUN, [
      resource(1, 'Patient/a', { resourceType: 'Patient', id: 'a' }),
    ]);
    expect(filesUnder(root)).toHaveLength(2);
    await staging.onApplicationShutdown();
    expect(readdirSync(root)).toEqual([]);
  });
});
