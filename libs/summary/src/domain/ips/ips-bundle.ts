import type { ResourceEntry } from '../fhir/fhir-input.js';
import type { FhirResource } from '../fhir/fhir-resource.js';
import type { ReferenceIndex } from '../fhir/reference-index.js';
import type { PatientIdentity } from './ips-patient.js';
import type { IpsSection } from './ips-sections.js';
import { itemLine, NONE_DOCUMENTED } from './ips-text.js';

export interface IpsBundleOptions {
  now: Date;
  newId: () => string;
  /**
   * The copy of an input resource the document holds: one that R4 validation accepts when
   * the input was read tolerantly. `fullUrl` names the entry in what it reports.
   */
  conform?: (resource: FhirResource, fullUrl: string) => FhirResource;
}

const DATA_ABSENT_UNKNOWN = {
  extension: [
    { url: 'http://hl7.org/fhir/StructureDefinition/data-absent-reason', valueCode: 'unknown' },
  ],
};

/** Patient-uv-ips requires birthDate; when the data has none, the document says it is unknown. */
function withAbsentBirthDate(patient: FhirResource): FhirResource {
  if (patient.birthDate !== undefined || patient._birthDate !== undefined) return patient;
  return { ...patient, _birthDate: DATA_ABSENT_UNKNOWN };
}

const LOINC = 'http://loinc.org';
/** The Composition's author: this service, as a Device entry of the document. */
const GENERATOR = 'clinical-interop IPS generator';

function escapeXhtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

function narrative(section: IpsSection): { status: 'generated'; div: string } {
  const body =
    section.items.length === 0
      ? `<p>${NONE_DOCUMENTED}</p>`
      : `<ul>${section.items.map((item) => `<li>${escapeXhtml(itemLine(item))}</li>`).join('')}</ul>`;
  return { status: 'generated', div: `<div xmlns="http://www.w3.org/1999/xhtml">${body}</div>` };
}

/** Elements by which an item points at resources a reader of the document needs. */
const SUPPORTING_ELEMENTS = ['medicationReference', 'device', 'result'];

/** The Medication of a statement, the Device of a use statement, the results of a report. */
function supportingResources(section: IpsSection, references: ReferenceIndex): FhirResource[] {
  return section.items.flatMap(({ entry }) =>
    SUPPORTING_ELEMENTS.flatMap((element) => {
      const value = entry.resource[element];
      return (Array.isArray(value) ? value : [value]).flatMap((reference: unknown) => {
        const target = references.resolve(reference, entry.resource);
        return target ? [target] : [];
      });
    }),
  );
}

/**
 * The IPS as a FHIR document: a Bundle of type document whose first entry is a Composition
 * with one section per IPS section (LOINC code, the same narrative as the text, entries
 * pointing at the resources listed, or an empty reason), then the patient, those resources
 * and the Device that authored the document.
 */
export function buildIpsBundle(
  patient: PatientIdentity,
  sections: readonly IpsSection[],
  references: ReferenceIndex,
  options: IpsBundleOptions,
): FhirResource {
  const fullUrls = new Map<FhirResource, string>();
  const entries: { fullUrl: string; resource: FhirResource }[] = [];
  const include = (resource: FhirResource, fullUrl: string | null): string => {
    const known = fullUrls.get(resource);
    if (known) return known;
    const url = fullUrl ?? `urn:uuid:${options.newId()}`;
    fullUrls.set(resource, url);
    let copy = options.conform ? options.conform(resource, url) : resource;
    if (resource === patient.entry.resource) copy = withAbsentBirthDate(copy);
    entries.push({ fullUrl: url, resource: copy });
    return url;
  };
  const patientUrl = include(patient.entry.resource, patient.entry.fullUrl);
  const entryUrl = (entry: ResourceEntry): string => include(entry.resource, entry.fullUrl);
  const date = options.now.toISOString();
  const author: FhirResource = {
    resourceType: 'Device',
    id: options.newId(),
    deviceName: [{ name: GENERATOR, type: 'user-friendly-name' }],
  };
  const authorUrl = `urn:uuid:${options.newId()}`;
  const composition: FhirResource = {
    resourceType: 'Composition',
    id: options.newId(),
    status: 'final',
    type: { coding: [{ system: LOINC, code: '60591-5', display: 'Patient summary Document' }] },
    subject: { reference: patientUrl, display: patient.name },
    date,
    author: [{ reference: authorUrl, display: GENERATOR }],
    title: `International Patient Summary for ${patient.name}`,
    section: sections.map((section) => {
      const base = {
        title: section.definition.title,
        code: {
          coding: [
            {
              system: LOINC,
              code: section.definition.loincCode,
              display: section.definition.loincDisplay,
            },
          ],
        },
        text: narrative(section),
      };
      if (section.items.length === 0) {
        return {
          ...base,
          emptyReason: {
            coding: [
              {
                system: 'http://terminology.hl7.org/CodeSystem/list-empty-reason',
                code: 'unavailable',
                display: 'Unavailable',
              },
            ],
          },
        };
      }
      const sectionEntries = section.items.map((item) => ({ reference: entryUrl(item.entry) }));
      for (const resource of supportingResources(section, references)) include(resource, null);
      return { ...base, entry: sectionEntries };
    }),
  };
  const compositionUrl = `urn:uuid:${options.newId()}`;
  return {
    resourceType: 'Bundle',
    identifier: { system: 'urn:ietf:rfc:3986', value: `urn:uuid:${options.newId()}` },
    type: 'document',
    timestamp: date,
    entry: [
      { fullUrl: compositionUrl, resource: composition },
      ...entries,
      { fullUrl: authorUrl, resource: author },
    ],
  };
}
