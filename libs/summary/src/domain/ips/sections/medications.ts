import type { ResourceEntry } from '../../fhir/fhir-input.js';
import type { FhirResource } from '../../fhir/fhir-resource.js';
import { formatCodeableConcept, formatNumber, formatQuantity } from '../../fhir/format-value.js';
import { readableName } from '../../fhir/readable-name.js';
import { dayOf, detail, firstDate, type IpsItem, type SectionContext } from '../ips-item.js';

/** Statuses of a medication the patient is (or should be) taking now, as IPS generators read them. */
const CURRENT_STATUSES: Record<string, Set<string>> = {
  MedicationStatement: new Set(['active', 'intended', 'on-hold', 'unknown']),
  MedicationRequest: new Set(['active', 'on-hold', 'unknown']),
};

const PERIOD_UNITS: Record<string, string> = {
  s: 'second',
  min: 'minute',
  h: 'hour',
  d: 'day',
  wk: 'week',
  mo: 'month',
  a: 'year',
};

function medicationName(resource: FhirResource, context: SectionContext): string {
  const concept = formatCodeableConcept(resource.medicationCodeableConcept);
  if (concept) return concept;
  const medication = context.references.resolve(resource.medicationReference, resource);
  if (medication) return readableName(medication, context.references);
  const display = (resource.medicationReference as { display?: unknown } | undefined)?.display;
  return typeof display === 'string' ? display : 'Unspecified medication';
}

function timesText(frequency: number): string {
  return frequency === 1 ? 'once' : frequency === 2 ? 'twice' : `${frequency} times`;
}

/** The dosage's own text, else its dose and how often: "1 once per day". */
function dosageText(dosages: unknown): string | null {
  const dosage = (Array.isArray(dosages) ? dosages[0] : undefined) as
    Record<string, unknown> | undefined;
  if (dosage === undefined) return null;
  if (typeof dosage.text === 'string') return dosage.text;
  const doseAndRate = Array.isArray(dosage.doseAndRate)
    ? (dosage.doseAndRate[0] as Record<string, unknown>)
    : undefined;
  const dose = formatQuantity(doseAndRate?.doseQuantity);
  const repeat = (dosage.timing as { repeat?: Record<string, unknown> } | undefined)?.repeat;
  let how: string | undefined;
  if (
    typeof repeat?.frequency === 'number' &&
    typeof repeat.period === 'number' &&
    typeof repeat.periodUnit === 'string'
  ) {
    const unit = PERIOD_UNITS[repeat.periodUnit] ?? repeat.periodUnit;
    const every = repeat.period === 1 ? unit : `${formatNumber(repeat.period)} ${unit}s`;
    how = `${timesText(repeat.frequency)} per ${every}`;
  }
  const text = [dose, how].filter(Boolean).join(' ');
  return text === '' ? null : text;
}

/** Current medications from MedicationStatement and MedicationRequest. */
export function medicationItems(
  entries: readonly ResourceEntry[],
  context: SectionContext,
): IpsItem[] {
  return entries
    .filter(
      ({ resource }) =>
        CURRENT_STATUSES[resource.resourceType]?.has(String(resource.status)) === true,
    )
    .map((entry) => {
      const { resource } = entry;
      const date = firstDate(resource, [
        'effectiveDateTime',
        'effectivePeriod',
        'authoredOn',
        'dateAsserted',
      ]);
      return {
        entry,
        date,
        text: medicationName(resource, context),
        details: [
          ...detail('status', String(resource.status)),
          ...detail('dosage', dosageText(resource.dosage ?? resource.dosageInstruction)),
          ...detail('since', dayOf(date)),
        ],
      };
    });
}
