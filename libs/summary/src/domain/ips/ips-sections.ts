import type { ResourceEntry } from '../fhir/fhir-input.js';
import { isEnteredInError, type IpsItem, type SectionContext } from './ips-item.js';
import { allergyItems } from './sections/allergies.js';
import { immunizationItems } from './sections/immunizations.js';
import { medicationItems } from './sections/medications.js';
import { problemItems } from './sections/problems.js';
import { procedureItems } from './sections/procedures.js';
import { vitalSignItems } from './sections/vital-signs.js';

export interface IpsSectionDefinition {
  title: string;
  /** The LOINC code of the section in the HL7 IPS Implementation Guide. */
  loincCode: string;
  loincDisplay: string;
  items(entries: readonly ResourceEntry[], context: SectionContext): IpsItem[];
}

/** The sections, in the order the summary lists them. */
export const IPS_SECTIONS: IpsSectionDefinition[] = [
  {
    title: 'Allergies and Intolerances',
    loincCode: '48765-2',
    loincDisplay: 'Allergies and adverse reactions Document',
    items: allergyItems,
  },
  {
    title: 'Medications',
    loincCode: '10160-0',
    loincDisplay: 'History of Medication use Narrative',
    items: medicationItems,
  },
  {
    title: 'Problems',
    loincCode: '11450-4',
    loincDisplay: 'Problem list - Reported',
    items: problemItems,
  },
  {
    title: 'Immunizations',
    loincCode: '11369-6',
    loincDisplay: 'History of Immunization Narrative',
    items: immunizationItems,
  },
  {
    title: 'Procedures',
    loincCode: '47519-4',
    loincDisplay: 'History of Procedures Document',
    items: procedureItems,
  },
  { title: 'Vital Signs', loincCode: '8716-3', loincDisplay: 'Vital signs', items: vitalSignItems },
];

export interface IpsSection {
  definition: IpsSectionDefinition;
  items: IpsItem[];
}

/** Entered-in-error records are dropped before any section sees them. */
export function buildSections(
  entries: readonly ResourceEntry[],
  context: SectionContext,
): IpsSection[] {
  const usable = entries.filter(({ resource }) => !isEnteredInError(resource));
  return IPS_SECTIONS.map((definition) => ({
    definition,
    items: definition.items(usable, context),
  }));
}
