import type { Assertion, ClinicalPhrase, TextSpan } from '@app/clinical-nlp';
import type { Bundle } from '@app/fhir';
import type { BuildInput, Built } from '../build-input.js';
import { isAffirmed } from '../builders/common.js';
import { buildAllergyFrom } from '../builders/allergy.js';
import { buildConditionFrom } from '../builders/condition.js';
import { buildEncounter, describesVisit } from '../builders/encounter.js';
import { buildMedicationRequestFrom } from '../builders/medicationrequest.js';
import { buildLabObservationFrom } from '../builders/observation-lab.js';
import { buildPatientFrom, displayName } from '../builders/patient.js';
import { buildProcedureFrom } from '../builders/procedure.js';
import { buildServiceRequestFrom } from '../builders/servicerequest.js';
import { buildSimpleObservationFrom } from '../builders/simple-observation.js';
import { buildVitalSignFrom } from '../builders/vital-signs.js';
import { TEXT_MRN_SYSTEM } from '../code-systems.js';
import type { Patient, Reference, Resource } from '../fhir.js';
import type { ResourceKind } from '../resource-kinds.js';
import { findSpan, sentenceOf } from '../text-spans.js';

/** At most this many resources in one transaction; the rest are reported, not sent. */
export const MAX_BUNDLE_RESOURCES = 100;

export interface PlannedEntry {
  tempId: string;
  /** The profile the resource is checked against (null for resources outside the spec's kinds). */
  kind: ResourceKind | null;
  built: Built;
}

export interface PlannedBundle {
  bundle: Bundle;
  entries: PlannedEntry[];
  /** Mentions not turned into resources, and why. */
  skipped: { text: string; reason: string }[];
}

export type BundleInput = Omit<BuildInput, 'subject' | 'encounter'>;

const ORDER_OR_PLAN =
  /\b(order(?:ed)?|refer(?:red|ral)?|request(?:ed)?|schedul\w*|plan(?:ned)?|will|to be|recheck|repeat|check|obtain|draw)\b/i;

/**
 * Every resource the text describes, linked by `urn:uuid` references in one transaction:
 * the Patient (unless the caller names one), the visit, then the patient's problems,
 * medications, vital signs, lab results, procedures and orders, findings and allergies.
 * Denied findings and those about relatives are left out (and listed in `skipped`):
 * a transaction records what the patient has, not what they do not.
 */
export function planBundle(input: BundleInput, patient?: string): PlannedBundle {
  const { analysis } = input;
  const entries: PlannedEntry[] = [];
  const skipped: PlannedBundle['skipped'] = [];
  const add = (kind: ResourceKind | null, built: Built): string => {
    const tempId = `urn:uuid:${input.newId()}`;
    entries.push({ tempId, kind, built });
    return tempId;
  };

  let subject: Reference<Patient>;
  if (patient) {
    subject = { reference: patient };
  } else {
    const person = analysis.person ?? { given: [], identifiers: [] };
    const built = buildPatientFrom(
      { ...input, subject: { reference: {}, method: 'none' } },
      person,
    );
    const tempId = add('patient', built);
    const name = displayName(person);
    subject = { reference: tempId, ...(name ? { display: name } : {}) };
  }
  const context: BuildInput = {
    ...input,
    subject: { reference: subject, method: patient ? 'request:patient' : 'bundle:patient' },
  };

  if (describesVisit(analysis.text)) {
    const encounter = buildEncounter(context);
    if (encounter) context.encounter = { reference: add('encounter', encounter) };
  }

  const seen = new Set<string>();
  const firstTime = (category: string, span: TextSpan) => {
    const key = `${category}|${span.text.trim().toLowerCase()}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  };
  const keep = (text: string, assertion: Assertion) => {
    if (assertion.family) skipped.push({ text, reason: 'about a family member' });
    else if (assertion.negated) skipped.push({ text, reason: 'denied in the text' });
    return isAffirmed(assertion);
  };

  for (const medication of analysis.medications) {
    if (
      !keep(medication.span.text, medication.assertion) ||
      !firstTime('medication', medication.name)
    )
      continue;
    add('medicationrequest', buildMedicationRequestFrom(context, medication));
  }
  for (const vital of analysis.vitals) {
    if (vital.assertion.negated) continue;
    add('vital-signs', buildVitalSignFrom(context, vital));
  }
  for (const phrase of analysis.phrases) {
    if (!keep(phrase.span.text, phrase.assertion) || !firstTime(phrase.category, phrase.span))
      continue;
    const planned = plannedFor(input, phrase);
    switch (phrase.category) {
      case 'problem':
        add(
          context.encounter
            ? 'condition-encounter-diagnosis'
            : 'condition-problems-health-concerns',
          buildConditionFrom(
            context,
            phrase,
            context.encounter ? 'encounter-diagnosis' : 'problem-list-item',
          ),
        );
        break;
      case 'lab':
        if (planned) add('servicerequest', buildServiceRequestFrom(context, phrase));
        else if (phrase.value || phrase.interpretation)
          add('observation-lab', buildLabObservationFrom(context, phrase));
        else
          skipped.push({
            text: phrase.span.text,
            reason: 'a lab test without a result or an order',
          });
        break;
      case 'procedure':
        add(
          planned ? 'servicerequest' : 'procedure',
          planned ? buildServiceRequestFrom(context, phrase) : buildProcedureFrom(context, phrase),
        );
        break;
      case 'observation':
        add('simple-observation', buildSimpleObservationFrom(context, phrase));
        break;
      case 'allergy':
        add(null, buildAllergyFrom(context, phrase));
        break;
    }
  }

  const sent = entries.slice(0, MAX_BUNDLE_RESOURCES);
  for (const dropped of entries.slice(MAX_BUNDLE_RESOURCES))
    skipped.push({
      text: dropped.built.description,
      reason: `over the limit of ${MAX_BUNDLE_RESOURCES} resources`,
    });
  return { bundle: transactionOf(sent), entries: sent, skipped };
}

function plannedFor(input: BundleInput, phrase: ClinicalPhrase): boolean {
  const sentence = sentenceOf(input.analysis, phrase.span);
  return Boolean(findSpan(input.analysis.text, ORDER_OR_PLAN, sentence));
}

function transactionOf(entries: PlannedEntry[]): Bundle {
  return {
    resourceType: 'Bundle',
    type: 'transaction',
    entry: entries.map(({ tempId, built }) => ({
      fullUrl: tempId,
      resource: built.resource,
      request: {
        method: 'POST',
        url: built.resource.resourceType,
        ...(conditionalCreate(built.resource) ?? {}),
      },
    })),
  };
}

/** A Patient with an MRN from the text is created only if the server does not hold it yet. */
function conditionalCreate(resource: Resource): { ifNoneExist: string } | undefined {
  if (resource.resourceType !== 'Patient') return undefined;
  const mrn = resource.identifier?.find((identifier) => identifier.system === TEXT_MRN_SYSTEM);
  return mrn?.value ? { ifNoneExist: `identifier=${TEXT_MRN_SYSTEM}|${mrn.value}` } : undefined;
}
