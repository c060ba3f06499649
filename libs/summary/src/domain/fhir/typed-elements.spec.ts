import { describe, expect, it } from 'vitest';
import { walkTypedElements, type TypedElement } from './typed-elements.js';

function paths(resource: { resourceType: string; [key: string]: unknown }): [string, string][] {
  const seen: [string, string][] = [];
  walkTypedElements(resource, (element: TypedElement) => {
    seen.push([element.path, element.type]);
    return 'descend';
  });
  return seen;
}

describe('walking a resource with the R4 model', () => {
  it('gives each element its FHIR type and a FHIRPath with indexes and ofType for choices', () => {
    const seen = paths({
      resourceType: 'Observation',
      status: 'final',
      code: { coding: [{ code: '29463-7' }] },
      valueQuantity: { value: 70, unit: 'kg' },
      _status: { extension: [] },
      unknownElement: 1,
    });
    expect(seen).toEqual([
      ['status', 'code'],
      ['code', 'CodeableConcept'],
      ['code.coding[0]', 'Coding'],
      ['code.coding[0].code', 'code'],
      ['value.ofType(Quantity)', 'Quantity'],
      ['value.ofType(Quantity).value', 'decimal'],
      ['value.ofType(Quantity).unit', 'string'],
    ]);
  });

  it('follows recursive elements described elsewhere in the model', () => {
    const seen = paths({
      resourceType: 'QuestionnaireResponse',
      status: 'completed',
      item: [{ linkId: '1', item: [{ linkId: '1.1', answer: [{ valueString: 'yes' }] }] }],
    });
    expect(seen).toContainEqual(['item[0].item[0].answer[0].value.ofType(string)', 'string']);
  });

  it('does not go below an element the visitor skips', () => {
    const seen: string[] = [];
    walkTypedElements(
      { resourceType: 'Patient', name: [{ family: 'King', given: ['Ada'] }] },
      (element) => {
        seen.push(element.path);
        return 'skip';
      },
    );
    expect(seen).toEqual(['name[0]']);
  });
});
