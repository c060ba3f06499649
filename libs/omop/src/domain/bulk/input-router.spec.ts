import { describe, expect, it } from 'vitest';
import { planBatches } from './batch-plan.js';
import { InputRouter } from './input-router.js';
import { PatientGroupIndex } from './patient-groups.js';
import { patientReferenceOf } from './patient-compartment.js';
import { SHARED_GROUP_PREFIX } from './shared-groups.js';

const patient = (id: string, extra: Record<string, unknown> = {}) => ({
  resourceType: 'Patient',
  id,
  ...extra,
});
const condition = (reference: string) => ({ resourceType: 'Condition', subject: { reference } });

describe('patientReferenceOf', () => {
  it('reads subject, patient or beneficiary, and ignores non-patient subjects', () => {
    expect(patientReferenceOf(condition('https://h.org/fhir/Patient/7'))).toBe('Patient/7');
    expect(
      patientReferenceOf({ resourceType: 'Immunization', patient: { reference: 'urn:uuid:u' } }),
    ).toBe('urn:uuid:u');
    expect(
      patientReferenceOf({ resourceType: 'Coverage', beneficiary: { reference: 'Patient/2' } }),
    ).toBe('Patient/2');
    expect(
      patientReferenceOf({ resourceType: 'Observation', subject: { reference: 'Group/g' } }),
    ).toBeUndefined();
    expect(patientReferenceOf({ resourceType: 'Practitioner', id: 'p' })).toBeUndefined();
    expect(
      patientReferenceOf({
        resourceType: 'Condition',
        subject: { identifier: { system: 'http://mrn', value: 'B-1' } },
      }),
    ).toBe('Patient?identifier=http://mrn|B-1');
  });
});

describe('grouping resources per patient', () => {
  it('meets a patient and its resources whatever the file order and reference spelling', () => {
    const router = new InputRouter(100);
    // NDJSON exports are split by type: clinical files may come before Patient.ndjson.
    router.route(condition('Patient/a'));
    router.route(condition('urn:uuid:patient-b'));
    router.route(condition('Patient?identifier=http://mrn|B-1'));
    router.route({ resourceType: 'Encounter', subject: { reference: 'http://h.org/Patient/a' } });
    router.route(patient('a'));
    router.route(
      patient('b', { identifier: [{ system: 'http://mrn', value: 'B-1' }] }),
      'urn:uuid:patient-b',
    );
    const plan = router.plan(1_000);
    expect(plan.patientCount).toBe(2);
    expect(plan.orphanGroups).toBe(0);
    expect(plan.patients).toHaveLength(1);
    expect(plan.patients[0].resources).toBe(6);
    expect(new Set(plan.patients[0].refs)).toEqual(
      new Set([
        'Patient/a',
        'Patient/b',
        'urn:uuid:patient-b',
        'Patient?identifier=http://mrn|B-1',
      ]),
    );
  });

  it('keeps resources of a patient absent from the input in their own group', () => {
    const index = new PatientGroupIndex();
    index.addPatient('Patient/a', ['Patient/a']);
    index.addPatientResource('Patient/a');
    index.addPatientResource('Patient/missing');
    index.addPatientResource('Patient/missing');
    const groups = index.groups().map(({ digest: _digest, ...group }) => group);
    expect(groups).toEqual([
      { patientKey: 'Patient/a', hasPatient: true, refs: ['Patient/a'], resources: 2 },
      { patientKey: 'Patient/missing', hasPatient: false, refs: ['Patient/missing'], resources: 2 },
    ]);
  });

  it('files shared resources in chunks', () => {
    const router = new InputRouter(2);
    const routed = [
      router.route({
        resourceType: 'Practitioner',
        id: 'p1',
        identifier: [{ system: 'npi', value: '1' }],
      }),
      router.route({ resourceType: 'Organization', id: 'o1' }),
      router.route({ resourceType: 'Location', id: 'l1' }),
      router.route(patient('a')),
    ];
    expect(routed.map((item) => item.groupRef)).toEqual([
      `${SHARED_GROUP_PREFIX}0`,
      `${SHARED_GROUP_PREFIX}0`,
      `${SHARED_GROUP_PREFIX}1`,
      'Patient/a',
    ]);
    router.route({
      resourceType: 'PractitionerRole',
      id: 'r1',
      practitioner: { reference: 'Practitioner?identifier=npi|1' },
      organization: { reference: 'Organization/o1' },
    });
    expect(routed.map((item) => item.seq)).toEqual([1, 2, 3, 4]);
    const plan = router.plan(10);
    expect(plan.shared.map(({ digests, ...batch }) => [batch, Object.keys(digests)])).toEqual([
      [
        { refs: [`${SHARED_GROUP_PREFIX}0`], patients: 0, resources: 2 },
        [`${SHARED_GROUP_PREFIX}0`],
      ],
      [
        { refs: [`${SHARED_GROUP_PREFIX}1`], patients: 0, resources: 2 },
        [`${SHARED_GROUP_PREFIX}1`],
      ],
    ]);
    expect(router.sharedKeys()).toEqual([`${SHARED_GROUP_PREFIX}0`, `${SHARED_GROUP_PREFIX}1`]);
  });

  it('gives a Patient without id or fullUrl a key of its own', () => {
    const router = new InputRouter(10);
    const first = router.route({ resourceType: 'Patient' });
    const second = router.route({ resourceType: 'Patient' });
    expect(first.groupRef).not.toBe(second.groupRef);
    expect(router.plan(10).patientCount).toBe(2);
  });
});

describe('incremental plans', () => {
  const load = (hashes: Record<string, bigint[]>) => {
    const router = new InputRouter(10);
    for (const [id, perResource] of Object.entries(hashes)) {
      router.route(patient(id), undefined, perResource[0]);
      for (const hash of perResource.slice(1))
        router.route(condition(`Patient/${id}`), undefined, hash);
    }
    return router;
  };

  it('gives a patient the same digest whatever order its resources come in', () => {
    const forward = load({ a: [1n, 2n, 3n] }).patientGroups()[0].digest;
    const backward = new InputRouter(10);
    backward.route(condition('Patient/a'), undefined, 3n);
    backward.route(condition('Patient/a'), undefined, 2n);
    backward.route(patient('a'), undefined, 1n);
    expect(backward.patientGroups()[0].digest).toBe(forward);
    expect(load({ a: [1n, 2n, 4n] }).patientGroups()[0].digest).not.toBe(forward);
    // One resource more or less changes the digest even when the hashes sum up the same.
    expect(load({ a: [1n, 5n] }).patientGroups()[0].digest).not.toBe(
      load({ a: [1n, 2n, 3n] }).patientGroups()[0].digest,
    );
  });

  it('plans only the patients whose digest changed since the last load, and counts the rest', () => {
    const last = load({ a: [1n, 2n], b: [3n, 4n], c: [5n] });
    const known = new Map(last.patientGroups().map((group) => [group.patientKey, group.digest]));
    const plan = load({ a: [1n, 2n], b: [3n, 9n], c: [5n], d: [6n] }).plan(100, known);
    expect(plan.unchanged).toBe(2);
    expect(plan.patientCount).toBe(4);
    expect(plan.patients).toHaveLength(1);
    expect(plan.patients[0].refs.sort()).toEqual(['Patient/b', 'Patient/d']);
    expect(Object.keys(plan.patients[0].digests).sort()).toEqual(['Patient/b', 'Patient/d']);
  });

  const withShared = (sharedHashes: bigint[]) => {
    const router = new InputRouter(2);
    router.route(patient('a'), undefined, 1n);
    sharedHashes.forEach((hash, index) =>
      router.route({ resourceType: 'Organization', id: `o${index}` }, undefined, hash),
    );
    return router;
  };
  const digestsOf = (router: InputRouter) =>
    new Map([
      ...router.patientGroups().map((group) => [group.patientKey, group.digest] as const),
      ...router.plan(100).shared.flatMap((batch) => Object.entries(batch.digests)),
    ]);

  it('leaves the shared slices out when every one is unchanged, and counts their resources', () => {
    const known = digestsOf(withShared([10n, 11n, 12n]));
    const plan = withShared([10n, 11n, 12n]).plan(100, known);
    expect(plan.shared).toEqual([]);
    expect(plan.unchangedShared).toBe(3);
    expect(plan.patients).toEqual([]);
  });

  it('plans every shared slice when any one changed, or one is not known', () => {
    const known = digestsOf(withShared([10n, 11n, 12n]));
    // Only the second slice (the third resource) differs: the first is planned too.
    const changed = withShared([10n, 11n, 13n]).plan(100, known);
    expect(changed.shared.map((batch) => batch.refs[0])).toEqual([
      `${SHARED_GROUP_PREFIX}0`,
      `${SHARED_GROUP_PREFIX}1`,
    ]);
    expect(changed.unchangedShared).toBe(0);
    expect(changed.unchanged).toBe(1);
    const partial = new Map(known);
    partial.delete(`${SHARED_GROUP_PREFIX}1`);
    expect(withShared([10n, 11n, 12n]).plan(100, partial).shared).toHaveLength(2);
    // One resource more: a third slice nobody recorded.
    expect(withShared([10n, 11n, 12n, 14n, 15n]).plan(100, known).shared).toHaveLength(3);
    expect(withShared([10n, 11n, 12n]).plan(100).unchangedShared).toBe(0);
  });

  it('plans no shared slice and skips none when the input has no shared resource', () => {
    const plan = withShared([]).plan(100, new Map());
    expect(plan.shared).toEqual([]);
    expect(plan.unchangedShared).toBe(0);
  });
});

describe('planBatches', () => {
  const group = (key: string, resources: number) => ({
    patientKey: key,
    hasPatient: true,
    refs: [key],
    resources,
    digest: `d-${key}`,
  });

  it('packs whole patients up to the limit, in input order', () => {
    const batches = planBatches([group('a', 3), group('b', 4), group('c', 2), group('d', 5)], 7);
    expect(batches).toEqual([
      { refs: ['a', 'b'], patients: 2, resources: 7, digests: { a: 'd-a', b: 'd-b' } },
      { refs: ['c', 'd'], patients: 2, resources: 7, digests: { c: 'd-c', d: 'd-d' } },
    ]);
  });

  it('never splits a patient larger than the limit', () => {
    const batches = planBatches([group('a', 2), group('big', 50), group('c', 1)], 10);
    expect(batches.map((batch) => batch.refs)).toEqual([['a'], ['big'], ['c']]);
    expect(batches.reduce((sum, batch) => sum + batch.resources, 0)).toBe(53);
  });

  it('plans nothing for no input and refuses a meaningless limit', () => {
    expect(planBatches([], 10)).toEqual([]);
    expect(() => planBatches([group('a', 1)], 0)).toThrow(/positive integer/);
  });
});
