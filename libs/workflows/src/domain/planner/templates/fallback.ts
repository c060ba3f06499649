import { placeholder } from '../../placeholders.js';
import { describeFields, type SampleField } from '../sample-fields.js';
import type { SampleValue } from './derive-template.js';
import type { Json } from './skeletons.js';

const CODE_SYSTEMS: { words: string[]; system: string }[] = [
  { words: ['icd', 'icd10'], system: 'http://hl7.org/fhir/sid/icd-10-cm' },
  { words: ['snomed', 'sct'], system: 'http://snomed.info/sct' },
  { words: ['loinc'], system: 'http://loinc.org' },
  { words: ['rxnorm', 'rxcui'], system: 'http://www.nlm.nih.gov/research/umls/rxnorm' },
  { words: ['cpt'], system: 'http://www.ama-assn.org/go/cpt' },
];

/**
 * A resource made here when lang2fhir finds nothing to build in a step's text (a bare
 * code such as "I10", say): the step's fields go where they belong (codes into a coding,
 * texts into the concept's text, a number and a unit into a quantity). Null for resource
 * types it does not know, which leaves the refusal standing.
 */
export function fallbackResource(resourceType: string, samples: SampleValue[]): Json | null {
  const fields = describeFields(
    Object.fromEntries(samples.map((sample) => [sample.field, sample.value])),
  );
  const concept = codeableConcept(fields);
  switch (resourceType) {
    case 'Condition':
      return (
        concept && {
          resourceType,
          clinicalStatus: {
            coding: [
              {
                system: 'http://terminology.hl7.org/CodeSystem/condition-clinical',
                code: 'active',
              },
            ],
          },
          code: concept,
        }
      );
    case 'Observation': {
      const quantity = quantityOf(fields);
      return (
        concept && {
          resourceType,
          status: 'final',
          code: concept,
          ...(quantity ? { valueQuantity: quantity } : {}),
        }
      );
    }
    case 'MedicationRequest':
      return (
        concept && {
          resourceType,
          status: 'active',
          intent: 'order',
          medicationCodeableConcept: concept,
        }
      );
    case 'Procedure':
      return concept && { resourceType, status: 'completed', code: concept };
    case 'ServiceRequest':
      return concept && { resourceType, status: 'active', intent: 'order', code: concept };
    default:
      return null;
  }
}

function codeableConcept(fields: SampleField[]): Json | null {
  const codes = fields.filter(
    (field) => field.concept === 'code' && typeof field.value === 'string',
  );
  const texts = fields.filter(
    (field) => field.concept === null && typeof field.value === 'string' && !isUnit(field),
  );
  if (codes.length === 0 && texts.length === 0) return null;
  return {
    ...(codes.length > 0
      ? {
          coding: codes.map((field) => {
            const system = systemOf(field);
            return { ...(system ? { system } : {}), code: placeholder(field.name) };
          }),
        }
      : {}),
    ...(texts.length > 0 ? { text: placeholder(texts[0].name) } : {}),
  };
}

function systemOf(field: SampleField): string | null {
  const named = CODE_SYSTEMS.find((entry) =>
    entry.words.some((word) => field.words.includes(word)),
  );
  if (named) return named.system;
  const value = String(field.value).trim();
  if (/^[A-TV-Z]\d{2}(\.[0-9A-Z]{1,4})?$/i.test(value)) return 'http://hl7.org/fhir/sid/icd-10-cm';
  if (/^\d{1,5}-\d$/.test(value)) return 'http://loinc.org';
  return null;
}

function isUnit(field: SampleField): boolean {
  return field.words.includes('unit') || field.words.includes('units');
}

function quantityOf(fields: SampleField[]): Json | null {
  const number = fields.find((field) => typeof field.value === 'number');
  if (!number) return null;
  const unit = fields.find(isUnit);
  return { value: placeholder(number.name), ...(unit ? { unit: placeholder(unit.name) } : {}) };
}
