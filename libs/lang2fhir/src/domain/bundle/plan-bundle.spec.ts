import { describe, expect, it } from 'vitest';
import type { BundleEntry, Resource } from '@app/fhir';
import { TEXT_MRN_SYSTEM } from '../code-systems.js';
import {
  analysis,
  assertion,
  at,
  inputFor,
  medication,
  negatedBy,
  phrase,
  vital,
} from '../testing/analysis-fixtures.js';
import { problemsOf } from '../testing/expect-valid.js';
import { planBundle } from './plan-bundle.js';

const TEXT =
  'John Smith, MRN 445566, seen in clinic today. Has type 2 diabetes and hypertension. ' +
  'No chest pain. Mother has breast cancer. BP 150/95. Takes metformin 500 mg twice daily. ' +
  'HbA1c 8.1 %. Order lipid panel.';

function parsed() {
  return analysis(TEXT, {
    person: {
      given: ['John'],
      family: 'Smith',
      nameSpan: at(TEXT, 'John Smith'),
      identifiers: [{ kind: 'MRN', value: '445566', span: at(TEXT, '445566') }],
    },
    phrases: [
      phrase(TEXT, 'type 2 diabetes', 'problem'),
      phrase(TEXT, 'hypertension', 'problem'),
      phrase(TEXT, 'chest pain', 'problem', { assertion: negatedBy(TEXT, 'No') }),
      phrase(TEXT, 'breast cancer', 'problem', { assertion: assertion({ family: true }) }),
      phrase(TEXT, 'HbA1c', 'lab', { value: { value: 8.1, unit: '%' } }),
      phrase(TEXT, 'lipid panel', 'lab'),
    ],
    vitals: [
      vital(
        TEXT,
        'BP 150/95',
        'blood-pressure',
        { system: 'http://loinc.org', code: '85354-9' },
        undefined,
        [
          {
            code: { system: 'http://loinc.org', code: '8480-6' },
            value: { value: 150, unit: 'mm[Hg]' },
          },
          {
            code: { system: 'http://loinc.org', code: '8462-4' },
            value: { value: 95, unit: 'mm[Hg]' },
          },
        ],
      ),
    ],
    medications: [medication(TEXT, 'metformin 500 mg twice daily', 'metformin')],
  });
}

const typesOf = (entries: BundleEntry[]) => entries.map((entry) => entry.resource?.resourceType);

describe('planBundle', () => {
  it('links the patient, visit, problems, medication, vitals, lab result and order by urn:uuid', () => {
    const { bundle, entries, skipped } = planBundle(inputFor(parsed()));
    expect(bundle.type).toBe('transaction');
    expect(typesOf(bundle.entry ?? [])).toEqual([
      'Patient',
      'Encounter',
      'MedicationRequest',
      'Observation',
      'Condition',
      'Condition',
      'Observation',
      'ServiceRequest',
    ]);
    const patientUrl = bundle.entry?.[0].fullUrl;
    expect(patientUrl).toMatch(/^urn:uuid:[0-9a-f-]{36}$/);
    expect(bundle.entry?.[0].request).toEqual({
      method: 'POST',
      url: 'Patient',
      ifNoneExist: `identifier=${TEXT_MRN_SYSTEM}|445566`,
    });
    const encounterUrl = bundle.entry?.[1].fullUrl;
    for (const entry of (bundle.entry ?? []).slice(1)) {
      const resource = entry.resource as Resource & { subject?: { reference?: string } };
      expect(resource.subject?.reference).toBe(patientUrl);
      expect(entry.request).toEqual({ method: 'POST', url: resource.resourceType });
    }
    expect(
      (bundle.entry?.[4].resource as { encounter?: { reference?: string } }).encounter?.reference,
    ).toBe(encounterUrl);
    expect(skipped).toEqual([
      { text: 'chest pain', reason: 'denied in the text' },
      { text: 'breast cancer', reason: 'about a family member' },
    ]);
    for (const entry of entries) expect(problemsOf(entry.kind, entry.built.resource)).toEqual([]);
  });

  it('uses the patient the caller names instead of creating one', () => {
    const { bundle } = planBundle(inputFor(parsed()), 'Patient/abc');
    expect(typesOf(bundle.entry ?? [])).not.toContain('Patient');
    expect((bundle.entry?.[1].resource as { subject?: { reference?: string } }).subject).toEqual({
      reference: 'Patient/abc',
    });
  });
});
