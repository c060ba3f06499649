import { child, children, decimal, text, type JsonObject } from '../fhir/json.js';
import type { InputEntry } from '../input/read-fhir-input.js';
import type { DrugDetails } from '../mapping/event-rows.js';
import type { MappingRun } from '../mapping/mapping-run.js';
import type { CodeResolution } from '../vocabulary/code-resolver.js';
import {
  resolveCodeableConcept,
  type ConceptChoice,
} from '../vocabulary/resolve-codeable-concept.js';

export const DRUG_DOMAINS = ['Drug'];

/**
 * The drug of a medication[x]: the CodeableConcept, or the code of the referenced
 * Medication (contained or elsewhere in the request).
 */
export async function medicationConcept(
  run: MappingRun,
  entry: InputEntry,
): Promise<ConceptChoice> {
  const resource = entry.resource;
  let concept: unknown = resource.medicationCodeableConcept;
  if (concept === undefined && child(resource.medicationReference)) {
    const medication = run.follow(entry, resource.medicationReference, 'medicationReference', [
      'Medication',
    ]);
    concept = medication?.resource.code;
  }
  return resolveCodeableConcept(concept, run.deps.codes, run.deps.concepts, DRUG_DOMAINS);
}

export interface DosageParts {
  sig?: string;
  route?: CodeResolution;
  routeConceptId?: number;
  routeSourceValue?: string;
}

/** Sig text and route of the first Dosage; a route is written only when its concept is in the Route domain. */
export async function dosageParts(
  run: MappingRun,
  dosage: JsonObject | undefined,
): Promise<DosageParts> {
  if (!dosage) return {};
  const sig = text(dosage.text) ?? text(dosage.patientInstruction);
  const routeConcept = child(dosage.route);
  if (!routeConcept) return { sig };
  const choice = await resolveCodeableConcept(routeConcept, run.deps.codes, run.deps.concepts, [
    'Route',
  ]);
  const inRoute = choice.standard?.domainId === 'Route';
  const route = choice.selected
    ? inRoute
      ? choice.selected
      : {
          ...choice.selected,
          targets: [],
          status: 'UNRESOLVED' as const,
          mappingStatus: 'UNMAPPED' as const,
          reason: 'DOMAIN_MISMATCH' as const,
          note: 'the route code does not lead to a concept in the Route domain',
        }
    : undefined;
  return {
    sig,
    route,
    routeConceptId: inRoute ? choice.standard!.conceptId : 0,
    routeSourceValue: choice.sourceValue,
  };
}

/** Dosage.doseAndRate[0].doseQuantity value, the dose of one administration. */
export function doseValue(dosage: JsonObject | undefined): number | undefined {
  const doseAndRate = children(dosage?.doseAndRate)[0];
  return decimal(child(doseAndRate?.doseQuantity)?.value) ?? decimal(child(dosage?.dose)?.value);
}

/** A Duration in days (d, wk, mo as 30 d, a as 365 d), when it is one. */
export function durationDays(value: unknown): number | undefined {
  const duration = child(value);
  const amount = decimal(duration?.value);
  if (amount === undefined) return undefined;
  const unit = text(duration?.code) ?? text(duration?.unit);
  const factor: Record<string, number> = { d: 1, day: 1, days: 1, wk: 7, mo: 30, a: 365 };
  return unit !== undefined && factor[unit] !== undefined ? amount * factor[unit] : undefined;
}

export function drugDetails(parts: DosageParts, extra: DrugDetails): DrugDetails {
  return {
    ...extra,
    sig: parts.sig,
    routeConceptId: parts.route ? parts.routeConceptId : undefined,
    routeSourceValue: parts.routeSourceValue,
  };
}
