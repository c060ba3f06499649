import type { ResourceEntry } from '../../fhir/fhir-input.js';
import type { FhirResource } from '../../fhir/fhir-resource.js';
import { formatCodeableConcept } from '../../fhir/format-value.js';
import { byDateDescending, dayOf, detail, firstDate, type IpsItem } from '../ips-item.js';
import { hasCategory, latestObservations } from './observations.js';
import { isVitalSign } from './vital-signs.js';

/** observation-category codes of results (the IPS Observation Results profiles). */
const RESULT_CATEGORIES = new Set(['laboratory', 'imaging']);
/** DiagnosticReport categories (v2-0074 diagnostic service sections) of laboratory, pathology and imaging reports. */
const REPORT_CATEGORIES = new Set([
  'LAB',
  'laboratory',
  'RAD',
  'imaging',
  'PAT',
  'SP',
  'CP',
  'CH',
  'HM',
  'MB',
]);
const REPORTABLE = new Set(['final', 'amended', 'corrected', 'preliminary', 'partial', 'appended']);

function isResult(resource: FhirResource): boolean {
  return hasCategory(resource, RESULT_CATEGORIES) && !isVitalSign(resource);
}

function reportItems(entries: readonly ResourceEntry[]): IpsItem[] {
  return entries
    .filter(
      ({ resource }) =>
        resource.resourceType === 'DiagnosticReport' &&
        REPORTABLE.has(String(resource.status)) &&
        hasCategory(resource, REPORT_CATEGORIES),
    )
    .map((entry) => {
      const { resource } = entry;
      const date = firstDate(resource, ['effectiveDateTime', 'effectivePeriod', 'issued']);
      const results = Array.isArray(resource.result) ? resource.result.length : 0;
      return {
        entry,
        date,
        text: formatCodeableConcept(resource.code) ?? 'Unspecified report',
        details: [
          ...detail('date', dayOf(date)),
          ...detail('results', results > 0 ? String(results) : null),
          ...detail(
            'conclusion',
            typeof resource.conclusion === 'string' ? resource.conclusion : null,
          ),
        ],
      };
    })
    .sort(byDateDescending);
}

/** Results: the latest value of each laboratory or imaging observation, then the reports. */
export function resultItems(entries: readonly ResourceEntry[]): IpsItem[] {
  return [...latestObservations(entries, isResult, 'Unspecified result'), ...reportItems(entries)];
}
