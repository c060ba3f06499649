import { toFhirDosage, type MedicationMention } from '@app/clinical-nlp';
import type { BuildInput, Builder, Built } from '../build-input.js';
import { Derivations } from '../derivation.js';
import type { Dosage, MedicationRequest } from '../fhir.js';
import { conceptOf, describeConcept } from '../fhir-values.js';
import { dateTimeNear, metaFor, nowAt, primaryMedication, subjectOf } from './common.js';

/** The drug as written: name, strength and dose form ("metformin 500 mg tablet"). */
function drugText(medication: MedicationMention): string {
  return [medication.name.text, medication.strength?.text, medication.doseForm]
    .filter((part): part is string => Boolean(part && part.trim()))
    .map((part) => part.trim())
    .join(' ');
}

function dosageOf(medication: MedicationMention): Dosage | undefined {
  const hasSig =
    medication.doseQuantity ||
    medication.route ||
    medication.timing ||
    medication.asNeeded !== undefined ||
    medication.sig;
  if (!hasSig) return undefined;
  const dosage = toFhirDosage(
    {
      doseQuantity: medication.doseQuantity,
      route: medication.route,
      timing: medication.timing,
      asNeeded: medication.asNeeded,
      asNeededFor: medication.asNeededFor,
      duration: medication.timing?.boundsDuration,
    },
    medication.sig?.text.trim(),
  );
  return Object.keys(dosage).length > 0 ? (dosage as Dosage) : undefined;
}

/**
 * One prescription. A denied or stopped medication ("do not give aspirin") becomes a
 * request with `doNotPerform: true`, never an order to take it.
 */
export function buildMedicationRequestFrom(
  input: BuildInput,
  medication: MedicationMention,
): Built<MedicationRequest> {
  const derivations = new Derivations();
  const linked = input.links.get(medication.span);
  const concept = conceptOf(drugText(medication), linked);
  derivations.record(
    'medicationCodeableConcept',
    medication.span,
    linked ? `vocabulary:${linked.method}` : 'text',
  );
  const dosage = dosageOf(medication);
  if (dosage) derivations.record('dosageInstruction[0]', medication.sig, 'sig');
  const negated = medication.assertion.negated;
  if (negated)
    derivations.record('doNotPerform', medication.assertion.triggers[0], 'context:negated');
  const authoredOn =
    dateTimeNear(input, medication.span, 'authoredOn', derivations) ??
    nowAt(input, 'authoredOn', derivations);
  const request: MedicationRequest = {
    resourceType: 'MedicationRequest',
    meta: metaFor('medicationrequest'),
    status: 'active',
    intent: 'order',
    ...(negated ? { doNotPerform: true } : {}),
    medicationCodeableConcept: concept,
    subject: subjectOf(input, 'subject', derivations),
    ...(input.encounter ? { encounter: input.encounter } : {}),
    authoredOn,
    ...(dosage ? { dosageInstruction: [dosage] } : {}),
  };
  return {
    resource: request,
    derivations: derivations.list(),
    description: `${negated ? 'Do-not-give order' : 'Medication request'}: ${describeConcept(concept)}${
      dosage?.text ? `, ${dosage.text}` : ''
    }`,
  };
}

export const buildMedicationRequest: Builder = (input) => {
  const medication = primaryMedication(input.analysis);
  return medication ? buildMedicationRequestFrom(input, medication) : null;
};
