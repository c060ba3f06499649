import { describe, expect, it } from 'vitest';
import { parsePlaceholder } from './parse-placeholder.js';

describe('parsing a placeholder', () => {
  it('reads type, index, path and filters with quoted arguments', () => {
    expect(parsePlaceholder("Patient[0].birthDate|date:'MMMM d, yyyy'|upper")).toEqual({
      placeholder: {
        resourceType: 'Patient',
        index: 0,
        path: 'birthDate',
        filters: [
          { name: 'date', argument: 'MMMM d, yyyy' },
          { name: 'upper', argument: null },
        ],
      },
    });
  });

  it('accepts the {{type.path}} form without index and in any case', () => {
    expect(parsePlaceholder('patient.name.given | join')).toEqual({
      placeholder: {
        resourceType: 'Patient',
        index: null,
        path: 'name.given',
        filters: [{ name: 'join', argument: null }],
      },
    });
  });

  it('keeps a FHIRPath union when what follows | is not a filter call', () => {
    expect(parsePlaceholder('Patient[0].name.given | name.family')).toMatchObject({
      placeholder: { path: 'name.given | name.family', filters: [] },
    });
  });

  it.each([
    ['Patient[0].name|shout', 'SUMMARY.UNKNOWN_FILTER'],
    ['Patient[0].name|default', 'SUMMARY.MALFORMED_TEMPLATE'],
    ['Patient[0].name|upper:1', 'SUMMARY.MALFORMED_TEMPLATE'],
    ["Patient[0].birthDate|date:'d at HH'", 'SUMMARY.MALFORMED_TEMPLATE'],
    ["Patient[0].name|default:'x", 'SUMMARY.MALFORMED_TEMPLATE'],
    ['Patient[0]', 'SUMMARY.MALFORMED_TEMPLATE'],
    ['Patinet[0].name', 'SUMMARY.UNKNOWN_RESOURCE_TYPE'],
    ['Patient[0].name.where(', 'SUMMARY.FHIRPATH_SYNTAX'],
  ])('refuses %s with %s', (inner, code) => {
    const parsed = parsePlaceholder(inner);
    expect('problems' in parsed && parsed.problems.map((problem) => problem.code)).toContain(code);
  });
});
