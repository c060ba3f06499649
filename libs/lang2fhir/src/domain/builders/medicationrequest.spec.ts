import { describe, expect, it } from 'vitest';
import { SYSTEM } from '../code-systems.js';
import type { MedicationRequest } from '../fhir.js';
import {
  analysis,
  at,
  date,
  inputFor,
  linked,
  medication,
  negatedBy,
} from '../testing/analysis-fixtures.js';
import { problemsOf } from '../testing/expect-valid.js';
import { buildMedicationRequest } from './medicationrequest.js';

const METFORMIN_500 = {
  system: SYSTEM.RXNORM,
  code: '861007',
  display: 'metformin hydrochloride 500 MG Oral Tablet',
};

describe('medicationrequest builder', () => {
  it('builds an order with the clinical drug code, the dosage and where each part came from', () => {
    const text = 'Start metformin 500 mg tablet by mouth twice daily on 2025-03-01.';
    const mention = medication(text, 'metformin 500 mg tablet by mouth twice daily', 'metformin', {
      strength: { value: 500, unit: 'mg', unitText: 'mg', text: '500 mg' },
      doseForm: 'tablet',
      route: { system: SYSTEM.SNOMED, code: '26643006', display: 'Oral route', text: 'by mouth' },
      timing: { frequency: 2, period: 1, periodUnit: 'd' },
      sig: at(text, 'by mouth twice daily'),
    });
    const parsed = analysis(text, {
      medications: [mention],
      dates: [date(text, '2025-03-01', '2025-03-01')],
    });
    const built = buildMedicationRequest(inputFor(parsed, [linked(mention.span, METFORMIN_500)]));
    const request = built!.resource as MedicationRequest;
    expect(request).toMatchObject({
      status: 'active',
      intent: 'order',
      medicationCodeableConcept: { coding: [METFORMIN_500], text: 'metformin 500 mg tablet' },
      authoredOn: '2025-03-01',
      meta: {
        profile: ['http://hl7.org/fhir/us/core/StructureDefinition/us-core-medicationrequest'],
      },
    });
    expect(request.doNotPerform).toBeUndefined();
    expect(request.dosageInstruction).toHaveLength(1);
    expect(built!.derivations.find((item) => item.path === 'dosageInstruction[0]')?.text).toBe(
      'by mouth twice daily',
    );
    expect(built!.description).toContain('RxNorm 861007');
    expect(problemsOf('medicationrequest', request)).toEqual([]);
  });

  it('turns a denied medication into a do-not-perform request, not an order to take it', () => {
    const text = 'Do not give aspirin.';
    const mention = medication(text, 'aspirin', 'aspirin', {
      assertion: negatedBy(text, 'Do not give'),
    });
    const built = buildMedicationRequest(inputFor(analysis(text, { medications: [mention] })));
    const request = built!.resource as MedicationRequest;
    expect(request.doNotPerform).toBe(true);
    expect(request.medicationCodeableConcept?.text).toBe('aspirin');
    expect(request.authoredOn).toBe('2025-03-10T12:00:00Z');
    expect(built!.derivations.find((item) => item.path === 'authoredOn')?.method).toBe(
      'default:now',
    );
    expect(problemsOf('medicationrequest', request)).toEqual([]);
  });

  it('answers null when no medication is named', () => {
    expect(buildMedicationRequest(inputFor(analysis('Feels well.')))).toBeNull();
  });
});
