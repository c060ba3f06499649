import { nestedObjects } from './hostile-values.js';
import type { Random } from './random.js';

/** Extensions nested `depth` levels deep, as the fhir2summary overflow report sent them. */
export function nestedExtensions(depth: number): unknown {
  let extension: Record<string, unknown> = { url: 'http://example.org/leaf', valueString: 'x' };
  for (let level = 1; level < depth; level += 1)
    extension = { url: `http://example.org/level-${level}`, extension: [extension] };
  return extension;
}

export function patient(id = 'p1'): Record<string, unknown> {
  return {
    resourceType: 'Patient',
    id,
    name: [{ family: 'Fuzz', given: ['Case'] }],
    gender: 'female',
    birthDate: '1970-01-01',
  };
}

/** Broken FHIR: what a careless or hostile client sends as a resource or Bundle. */
export function brokenFhir(random: Random): unknown {
  switch (random.int(14)) {
    case 0:
      return { ...patient(), resourceType: 'NotAType' };
    case 1:
      return { ...patient(), resourceType: 42 };
    case 2:
      return { name: [{ family: 'No type' }] };
    case 3:
      // a dangling reference
      return {
        resourceType: 'Condition',
        subject: { reference: 'Patient/does-not-exist' },
        code: { text: 'asthma' },
      };
    case 4:
      // contained resources referring to each other in a loop
      return {
        ...patient(),
        contained: [
          { resourceType: 'Organization', id: 'a', partOf: { reference: '#b' } },
          { resourceType: 'Organization', id: 'b', partOf: { reference: '#a' } },
        ],
        managingOrganization: { reference: '#a' },
      };
    case 5:
      return {
        resourceType: 'Bundle',
        type: 'transaction',
        entry: [
          {
            fullUrl: 'urn:uuid:1',
            resource: { resourceType: 'Observation', subject: { reference: 'urn:uuid:2' } },
            request: { method: 'POST', url: 'Observation' },
          },
          {
            fullUrl: 'urn:uuid:2',
            resource: { resourceType: 'Patient', link: [{ other: { reference: 'urn:uuid:2' } }] },
            request: { method: 'POST', url: 'Patient' },
          },
        ],
      };
    case 6:
      return { resourceType: 'Bundle', type: 'collection', entry: [null, 1, { resource: 'x' }] };
    case 7:
      return { resourceType: 'Bundle', type: 'transaction', entry: { not: 'an array' } };
    case 8:
      return { ...patient(), extension: [nestedExtensions(random.pick([100, 300, 1_000]))] };
    case 9:
      return { ...patient(), name: nestedObjects(400, 'given') };
    case 10:
      return { ...patient(), birthDate: random.pick(['not a date', '99999-99-99', 19700101]) };
    case 11:
      return { ...patient(), id: random.pick(['', 'a'.repeat(70), '../x', 'with space']) };
    case 12:
      return {
        resourceType: 'Observation',
        status: 'final',
        code: { coding: [{ system: 'http://loinc.org', code: '\u0000' }] },
        valueQuantity: { value: '1e308', unit: 'mg' },
      };
    default:
      return [patient(), patient('p2')];
  }
}
