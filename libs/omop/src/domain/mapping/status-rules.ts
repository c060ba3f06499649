import { child, children, text, type JsonObject } from '../fhir/json.js';

/**
 * Which records describe events that did not happen and so stay out of the clinical
 * tables (IG f2o-060), per resource type. Documented departures from the IG:
 *  - MedicationRequest: `intent=order` (and the other order intents) is kept, as Synthea
 *    and most EHRs emit prescriptions that way; `stopped` and `completed` orders are
 *    kept too (the drug was prescribed, then ended; `stopped` goes to stop_reason).
 *  - `unknown` statuses are kept: the event may well have happened.
 * Any resource with a modifierExtension is dropped: it changes the meaning in ways the
 * mapper cannot read (f2o-063).
 */
const NOT_REALIZED: Readonly<Record<string, readonly string[]>> = {
  Encounter: ['planned', 'cancelled'],
  Procedure: ['preparation', 'not-done', 'on-hold', 'stopped'],
  MedicationRequest: ['cancelled', 'draft'],
  MedicationStatement: ['not-taken', 'intended'],
  MedicationAdministration: ['not-done'],
  MedicationDispense: ['preparation', 'cancelled', 'declined', 'stopped'],
  Immunization: ['not-done'],
  Observation: ['registered', 'cancelled'],
  DiagnosticReport: ['registered', 'partial', 'cancelled'],
};

const ORDER_INTENTS = ['order', 'original-order', 'reflex-order', 'filler-order', 'instance-order'];

function codeOf(concept: unknown): string | undefined {
  for (const coding of children(child(concept)?.coding)) {
    const code = text(coding.code);
    if (code) return code;
  }
  return undefined;
}

/** The reason to drop the resource for its status or intent, or undefined to map it. */
export function statusDropReason(resourceType: string, resource: JsonObject): string | undefined {
  if (Array.isArray(resource.modifierExtension) && resource.modifierExtension.length > 0) {
    return 'has a modifierExtension, which changes its meaning in a way the mapper cannot read';
  }
  const status = text(resource.status);
  if (status === 'entered-in-error') return 'status is entered-in-error';
  if (status !== undefined && NOT_REALIZED[resourceType]?.includes(status)) {
    return `status ${status}: the event did not happen`;
  }
  if (resourceType === 'MedicationRequest') {
    const intent = text(resource.intent);
    if (intent !== undefined && !ORDER_INTENTS.includes(intent))
      return `intent ${intent}: not an order`;
  }
  if (resourceType === 'Condition' || resourceType === 'AllergyIntolerance') {
    const verification = codeOf(resource.verificationStatus);
    if (verification === 'refuted' || verification === 'entered-in-error') {
      return `verificationStatus ${verification}`;
    }
  }
  return undefined;
}
