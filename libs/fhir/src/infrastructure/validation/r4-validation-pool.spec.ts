import { OperationOutcomeError } from '@medplum/core';
import { afterAll, describe, expect, it } from 'vitest';
import { checkFhirInput as checkOnEventLoop } from '../../domain/input/input-policy.js';
import { r4IssuesInThread } from '../../domain/input/r4-validation.js';
import { assertValidResource } from '../../domain/resource/resource-rules.js';
import { checkFhirInput, conformResource } from './off-thread-input-policy.js';
import { R4ValidationPool } from './r4-validation-pool.js';

/** A Patient far above the thread threshold (12,000 values), with three planted findings. */
function widePatient(names = 3_000, invalid = true): Record<string, unknown> {
  return {
    resourceType: 'Patient',
    id: 'wide',
    name: Array.from({ length: names }, (_, index) =>
      invalid && index === names - 1 ? {} : { family: `F${index}`, given: ['G'] },
    ),
    ...(invalid ? { gender: 7, nickname: 'Ada' } : {}),
  };
}

const strict = { field: 'fhir_resources', strict: true };

/** The outcome a validation throws, or undefined. */
async function thrown(work: Promise<unknown>): Promise<unknown> {
  try {
    await work;
    return undefined;
  } catch (error) {
    return error instanceof OperationOutcomeError ? error.outcome : error;
  }
}

describe('R4 validation of one large resource, off the event loop', () => {
  const pool = new R4ValidationPool();

  afterAll(async () => {
    await pool.close();
  });

  it('lets other callbacks run while one large resource is validated (the input policy)', async () => {
    const order: string[] = [];
    setImmediate(() => order.push('other callback'));
    const check = checkFhirInput(widePatient(), strict).then(() => order.push('check done'));
    order.push('check started');
    await check;
    expect(order).toEqual(['check started', 'other callback', 'check done']);
  });

  it('validates the same resource on the event loop in one piece without the pool', async () => {
    // The ordering above is the pool's doing: the domain's default validation runs inline.
    const order: string[] = [];
    setImmediate(() => order.push('other callback'));
    const check = checkOnEventLoop(widePatient(), strict).then(() => order.push('check done'));
    order.push('check started');
    await check;
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(['check started', 'check done', 'other callback']);
  });

  it('finds exactly what validation on the event loop finds, for an invalid large resource', async () => {
    const offThread = await checkFhirInput(widePatient(), strict);
    const inline = await checkOnEventLoop(widePatient(), strict);
    expect(offThread).toEqual(inline);
    expect(offThread.errors.map((finding) => finding.path).sort()).toEqual([
      'fhir_resources.gender',
      'fhir_resources.name[2999]',
      'fhir_resources.nickname',
    ]);
  });

  it('refuses an invalid large resource to the sandbox with the same OperationOutcome', async () => {
    const offThread = await thrown(assertValidResource(widePatient(), pool.validate));
    const inline = await thrown(assertValidResource(widePatient()));
    expect(offThread).toEqual(inline);
    expect(offThread).toEqual({
      resourceType: 'OperationOutcome',
      issue: r4IssuesInThread(widePatient()),
    });
    expect(pool.threads).toBe(1);
  });

  it('accepts a valid large resource and conforms a large one the same way', async () => {
    await expect(assertValidResource(widePatient(3_000, false), pool.validate)).resolves.toEqual(
      widePatient(3_000, false),
    );
    const { conformResource: conformInline } =
      await import('../../domain/input/conform-resource.js');
    expect(await conformResource(widePatient())).toEqual(await conformInline(widePatient()));
  });

  it('validates small resources here, without starting a thread', async () => {
    const small = new R4ValidationPool();
    expect(await small.validate({ resourceType: 'Patient', gender: 'female' })).toEqual([]);
    expect(small.threads).toBe(0);
    await small.close();
  });

  it('stops with the signal: the busy thread is dropped and the next resource still validates', async () => {
    const controller = new AbortController();
    const stopped = pool.validate(widePatient(), controller.signal);
    setImmediate(() => controller.abort(new Error('client went away')));
    await expect(stopped).rejects.toThrow('client went away');
    expect(await pool.validate(widePatient())).toEqual(r4IssuesInThread(widePatient()));
  });
});
