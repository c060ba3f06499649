import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILES, startTestApp, type TestApp } from '../support/test-app.js';

type Json = Record<string, any>;

const SUITE = fileURLToPath(
  new URL('../../../shared/reference/summary/sql-on-fhir-v2-tests/', import.meta.url),
);
const SYNTHEA = fileURLToPath(
  new URL('../../../shared/reference/fhir/synthea-hiv-bundles-14-patients/', import.meta.url),
);
const hasSuite = existsSync(SUITE);
const hasSynthea = existsSync(SYNTHEA);
if (!hasSuite) console.warn(`SQL-on-FHIR suite skipped: ${SUITE} not found`);

interface SuiteCase {
  file: string;
  title: string;
  resources: Json[];
  view: Json;
  expect?: Json[];
  expectCount?: number;
  expectError?: boolean;
  expectColumns?: string[];
}

/** The shareable tests of the official SQL-on-FHIR v2 suite, as published. */
function shareableCases(): SuiteCase[] {
  if (!hasSuite) return [];
  return readdirSync(SUITE)
    .filter((file) => file.endsWith('.json') && file !== 'tests.schema.json')
    .flatMap((file) => {
      const suite = JSON.parse(readFileSync(`${SUITE}${file}`, 'utf8')) as {
        resources: Json[];
        tests: Json[];
      };
      return suite.tests
        .filter((test) => ((test.tags as string[] | undefined) ?? []).includes('shareable'))
        .map((test) => ({
          file,
          resources: suite.resources,
          ...(test as Omit<SuiteCase, 'file' | 'resources'>),
        }));
    });
}

/** Rows compared as a multiset: the spec leaves row order to the implementation. */
function canonical(rows: Json[]): string[] {
  return rows
    .map((row) =>
      JSON.stringify(
        Object.keys(row)
          .sort()
          .map((key): [string, unknown] => [key, row[key]]),
      ),
    )
    .sort();
}

describe.each(PROFILES)('flatten summaries (%s profile)', (profile) => {
  let api: TestApp;
  let token: string;

  beforeAll(async () => {
    api = await startTestApp(profile);
    token = await api.token(await api.createClient('acme'));
  });

  afterAll(async () => {
    await api?.close();
  });

  const flatten = async (body: Json) => {
    const response = await fetch(`${api.baseUrl}/fhir2summary/create`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ mode: 'flatten', ...body }),
    });
    return { status: response.status, body: (await response.json()) as Json };
  };

  it.skipIf(!hasSynthea)(
    `turns each resource of a Synthea bundle into self-contained lines${hasSynthea ? '' : ` (skipped: ${SYNTHEA} not found)`}`,
    async () => {
      const bundle = JSON.parse(
        gunzipSync(
          readFileSync(`${SYNTHEA}Ollie731_Crooks415_b44c3d06-7ace-05b7-e002-a8e746e91d7d.json.gz`),
        ).toString('utf8'),
      ) as Json;
      const { status, body } = await flatten({ fhir_resources: bundle });
      expect(status).toBe(200);
      const resources = body.resources as Json[];
      expect(resources).toHaveLength((bundle.entry as Json[]).length);
      const patient = (bundle.entry as Json[])[0].resource as Json;
      const patientName = `${patient.name[0].prefix.join(' ')} ${patient.name[0].given.join(' ')} ${patient.name[0].family}${patient.name[0].suffix ? ` ${patient.name[0].suffix.join(' ')}` : ''}`;

      const immunization = resources.find((resource) => resource.resource_type === 'Immunization')!;
      const source = (bundle.entry as Json[]).find(
        (entry) => entry.resource.id === immunization.id,
      )!.resource as Json;
      const prefix = `Immunization "${source.vaccineCode.text}" of patient ${patientName}: `;
      for (const line of immunization.lines as string[]) expect(line.startsWith(prefix)).toBe(true);
      const facts = (immunization.lines as string[]).map((line) => line.slice(prefix.length));
      const coding = source.vaccineCode.coding[0];
      expect(facts).toContain(
        `vaccine code ${coding.display} [CVX code ${coding.code}, system ${coding.system}]`,
      );
      expect(facts).toContain(`status ${source.status}`);
      expect(facts).toContain(`occurrence ${source.occurrenceDateTime}`);
      expect(facts).toContain(`patient ${patientName} (Patient/${patient.id})`);
      const encounter = (bundle.entry as Json[]).find(
        (entry) => entry.fullUrl === source.encounter.reference,
      )!.resource as Json;
      expect(facts).toContain(
        `encounter ${encounter.type[0].text} on ${(encounter.period.start as string).slice(0, 10)} (Encounter/${encounter.id})`,
      );

      const observation = resources.find((resource) => resource.resource_type === 'Observation')!;
      const measured = (bundle.entry as Json[]).find(
        (entry) => entry.resource.id === observation.id,
      )!.resource as Json;
      expect(
        (observation.lines as string[]).some((line) =>
          line.endsWith(`: value ${measured.valueQuantity.value} ${measured.valueQuantity.unit}`),
        ),
      ).toBe(true);
      expect(body.summary).toContain((immunization.lines as string[]).join('\n'));
    },
  );

  it('returns the rows of a ViewDefinition instead when one is given', async () => {
    const { status, body } = await flatten({
      fhir_resources: {
        resourceType: 'Bundle',
        type: 'collection',
        entry: [
          {
            resource: {
              resourceType: 'Patient',
              id: 'a',
              name: [{ family: 'Ames', given: ['Ann'] }],
            },
          },
          { resource: { resourceType: 'Patient', id: 'b' } },
        ],
      },
      view_definition: {
        resource: 'Patient',
        select: [
          { column: [{ name: 'id', path: 'getResourceKey()' }] },
          { forEachOrNull: 'name', column: [{ name: 'family', path: 'family' }] },
        ],
      },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      columns: ['id', 'family'],
      rows: [
        { id: 'a', family: 'Ames' },
        { id: 'b', family: null },
      ],
      summary: '{"id":"a","family":"Ames"}\n{"id":"b","family":null}',
    });
  });

  it.each([
    [
      'an invalid ViewDefinition',
      { view_definition: { select: [{ forEach: 1 }] } },
      'SUMMARY.INVALID_VIEW_DEFINITION',
    ],
    [
      'a view that fails on the data',
      {
        view_definition: {
          resource: 'Patient',
          where: [{ path: 'id' }],
          select: [{ column: [{ name: 'id', path: 'id' }] }],
        },
      },
      'SUMMARY.VIEW_EVALUATION_FAILED',
    ],
    [
      'a ViewDefinition in another mode',
      {
        mode: 'ips',
        view_definition: {
          resource: 'Patient',
          select: [{ column: [{ name: 'id', path: 'id' }] }],
        },
      },
      'SUMMARY.OPTION_NOT_FOR_MODE',
    ],
  ])('answers 400 for %s', async (_label, body, code) => {
    const response = await flatten({
      fhir_resources: { resourceType: 'Patient', id: 'x' },
      ...body,
    });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe(code);
  });

  describe.skipIf(!hasSuite)(
    `the official SQL-on-FHIR v2 suite, shareable tests${hasSuite ? '' : ` (skipped: ${SUITE} not found)`}`,
    () => {
      it.each(shareableCases().map((test) => [`${test.file}: ${test.title}`, test] as const))(
        '%s',
        async (_name, test) => {
          const response = await flatten({
            fhir_resources: {
              resourceType: 'Bundle',
              type: 'collection',
              entry: test.resources.map((resource) => ({ resource })),
            },
            view_definition: test.view,
          });
          if (test.expectError) {
            expect(response.status).toBe(400);
            return;
          }
          expect(response.status).toBe(200);
          const rows = response.body.rows as Json[];
          if (test.expect) expect(canonical(rows)).toEqual(canonical(test.expect));
          if (test.expectCount !== undefined) expect(rows).toHaveLength(test.expectCount);
          if (test.expectColumns) expect(response.body.columns).toEqual(test.expectColumns);
        },
      );
    },
  );
});
