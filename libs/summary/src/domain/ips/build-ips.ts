import type { FhirInput } from '../fhir/fhir-input.js';
import type { FhirResource } from '../fhir/fhir-resource.js';
import { ReferenceIndex } from '../fhir/reference-index.js';
import { buildIpsBundle, type IpsBundleOptions } from './ips-bundle.js';
import { findIpsPatient } from './ips-patient.js';
import { buildSections, type IpsSection } from './ips-sections.js';
import { renderIpsText } from './ips-text.js';
import { belongsToPatient } from './patient-filter.js';

export interface InternationalPatientSummary {
  text: string;
  sections: IpsSection[];
  /** Present when the document Bundle was asked for. */
  bundle: FhirResource | null;
}

/**
 * ips mode: finds the one patient, keeps the resources that reference them, sorts those
 * into the six IPS sections by the usual inclusion rules, and writes the plain text (and,
 * when asked, the document Bundle with the same narrative per section).
 */
export function buildInternationalPatientSummary(
  input: FhirInput,
  bundleOptions: IpsBundleOptions | null,
): InternationalPatientSummary {
  const patient = findIpsPatient(input);
  const references = new ReferenceIndex(input.entries);
  const owned = input.entries.filter(({ resource }) => belongsToPatient(resource, patient));
  const sections = buildSections(owned, { references });
  return {
    text: renderIpsText(patient.name, sections),
    sections,
    bundle:
      bundleOptions === null ? null : buildIpsBundle(patient, sections, references, bundleOptions),
  };
}
