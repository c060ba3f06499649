import { describe, expect, it } from 'vitest';
import { loadFhirDefinitions } from '../fhir-definitions.js';
import type { Resource } from '../fhir-types.js';
import { applyFhirPathPatch, PatchError, topLevelJsonPatch } from './fhirpath-patch.js';

loadFhirDefinitions();

const patient = {
  resourceType: 'Patient',
  id: 'p1',
  gender: 'male',
  name: [{ family: 'Ng', given: ['Al'] }],
  identifier: [
    { system: 'urn:a', value: '1' },
    { system: 'urn:b', value: '2' },
  ],
} as unknown as Resource;

const op = (parts: Record<string, unknown>[]) => ({ name: 'operation', part: parts });
const patch = (...operations: ReturnType<typeof op>[]) => ({
  resourceType: 'Parameters',
  parameter: operations,
});

describe('FHIRPath Patch', () => {
  it('replaces, adds (a single and a repeating element), inserts, moves and deletes', () => {
    const result = applyFhirPathPatch(
      patient,
      patch(
        op([
          { name: 'type', valueCode: 'replace' },
          { name: 'path', valueString: 'Patient.gender' },
          { name: 'value', valueCode: 'female' },
        ]),
        op([
          { name: 'type', valueCode: 'add' },
          { name: 'path', valueString: 'Patient' },
          { name: 'name', valueString: 'birthDate' },
          { name: 'value', valueDate: '1970-02-03' },
        ]),
        op([
          { name: 'type', valueCode: 'add' },
          { name: 'path', valueString: 'Patient' },
          { name: 'name', valueString: 'telecom' },
          {
            name: 'value',
            part: [
              { name: 'system', valueCode: 'phone' },
              { name: 'value', valueString: '555' },
            ],
          },
        ]),
        op([
          { name: 'type', valueCode: 'insert' },
          { name: 'path', valueString: 'Patient.name[0].given' },
          { name: 'index', valueInteger: 0 },
          { name: 'value', valueString: 'Bo' },
        ]),
        op([
          { name: 'type', valueCode: 'move' },
          { name: 'path', valueString: 'Patient.identifier' },
          { name: 'source', valueInteger: 1 },
          { name: 'destination', valueInteger: 0 },
        ]),
        op([
          { name: 'type', valueCode: 'delete' },
          { name: 'path', valueString: "Patient.identifier.where(system='urn:a')" },
        ]),
      ),
    ) as any;
    expect(result.gender).toBe('female');
    expect(result.birthDate).toBe('1970-02-03');
    expect(result.telecom).toEqual([{ system: 'phone', value: '555' }]);
    expect(result.name[0].given).toEqual(['Bo', 'Al']);
    expect(result.identifier).toEqual([{ system: 'urn:b', value: '2' }]);
    expect((patient as any).gender).toBe('male');
    expect(topLevelJsonPatch(patient, result)).toEqual([
      { op: 'replace', path: '/gender', value: 'female' },
      { op: 'replace', path: '/name', value: result.name },
      { op: 'replace', path: '/identifier', value: result.identifier },
      { op: 'add', path: '/birthDate', value: '1970-02-03' },
      { op: 'add', path: '/telecom', value: result.telecom },
    ]);
  });

  it('refuses what cannot be applied, naming it', () => {
    const attempt = (parts: Record<string, unknown>[]) => () =>
      applyFhirPathPatch(patient, patch(op(parts)));
    expect(attempt([{ name: 'type', valueCode: 'replace' }])).toThrow(PatchError);
    expect(
      attempt([
        { name: 'type', valueCode: 'replace' },
        { name: 'path', valueString: 'Patient.birthDate' },
        { name: 'value', valueDate: '2000-01-01' },
      ]),
    ).toThrow(/names no element/);
    expect(
      attempt([
        { name: 'type', valueCode: 'frobnicate' },
        { name: 'path', valueString: 'Patient' },
      ]),
    ).toThrow(/Unknown operation type/);
    expect(
      attempt([
        { name: 'type', valueCode: 'insert' },
        { name: 'path', valueString: 'Patient.identifier' },
        { name: 'index', valueInteger: 9 },
        { name: 'value', part: [{ name: 'value', valueString: 'x' }] },
      ]),
    ).toThrow(/index/);
    expect(() => applyFhirPathPatch(patient, { resourceType: 'Parameters' })).toThrow(
      /no "operation"/,
    );
  });
});
