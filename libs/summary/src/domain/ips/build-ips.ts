import type { FhirInput } from '../fhir/fhir-input.js';
import type { FhirResource } from '../fhir/fhir-resource.js';
import { ReferenceIndex } from '../fhir/reference-index.js';
import { buildIpsBundle, type IpsBundleOptions } from './ips-bundle.js';
import { findIpsPatient } from './ips-patient.js';
import { buildSections, IPS_OTHER_SECTIONS, type IpsSection } from './ips-sections.js';
import { renderIpsText } from './ips-text.js';
import { belongsToPatient } from './patient-filter.js';

export interface InternationalPatientSummary {
  text: string;
  /** The six sections of the text; with the Bundle, also the IG's other sections that have entries. */
  sections: IpsSection[];
  /** Present when the document Bundle was asked for. */
  bundle: FhirResource | null;
}

/**
 * ips mode: finds the one patient, keeps the resources that reference them, sorts those
 * into the six IPS sections of the spec by the usual inclusion rules, and writes the plain
 * text. When asked, it also writes the document Bundle: the six sections (with an empty
 * reason when they have no entries) and every other IPS IG section the data has entries for.
 */
export function buildInternationalPatientSummary(
  input: FhirInput,
  bundleOptions: IpsBundleOptions | null,
): InternationalPatientSummary {
  const patient = findIpsPatient(input);
  const references = new ReferenceIndex(input.entries);
  const owned = input.entries.filter(({ resource }) => belongsToPatient(resource, patient));
  const sections = buildSections(owned, { references });
  const text = renderIpsText(patient.name, sections);
  if (bundleOptions === null) return { text, sections, bundle: null };
  const others = buildSections(owned, { references }, IPS_OTHER_SECTIONS).filter(
    (section) => section.items.length > 0,
  );
  const documentSections = [...sections, ...others];
  return {
    text,
    sections: documentSections,
    bundle: buildIpsBundle(patient, documentSections, references, bundleOptions),
  };
}
