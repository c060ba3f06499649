import type { ResourceEntry } from '../fhir/fhir-input.js';
import { isEnteredInError, type IpsItem, type SectionContext } from './ips-item.js';
import { allergyItems } from './sections/allergies.js';
import { immunizationItems } from './sections/immunizations.js';
import { medicationItems } from './sections/medications.js';
import { problemItems } from './sections/problems.js';
import { procedureItems } from './sections/procedures.js';
import { vitalSignItems } from './sections/vital-signs.js';
import { advanceDirectiveItems } from './sections/advance-directives.js';
import { functionalStatusItems } from './sections/functional-status.js';
import { medicalDeviceItems } from './sections/medical-devices.js';
import { pastIllnessItems } from './sections/past-illness.js';
import { planOfCareItems } from './sections/plan-of-care.js';
import { pregnancyItems } from './sections/pregnancy.js';
import { resultItems } from './sections/results.js';
import { socialHistoryItems } from './sections/social-history.js';

export interface IpsSectionDefinition {
  title: string;
  /** The LOINC code of the section in the HL7 IPS Implementation Guide. */
  loincCode: string;
  loincDisplay: string;
  items(entries: readonly ResourceEntry[], context: SectionContext): IpsItem[];
}

/** The six sections of the interface spec, in the order the summary lists them. */
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

/**
 * The IPS IG's other sections, which the document Bundle holds when the data has entries for
 * them (the text summary keeps the six of the spec).
 */
export const IPS_OTHER_SECTIONS: IpsSectionDefinition[] = [
  {
    title: 'Results',
    loincCode: '30954-2',
    loincDisplay: 'Relevant diagnostic tests/laboratory data note',
    items: resultItems,
  },
  {
    title: 'Medical Devices',
    loincCode: '46264-8',
    loincDisplay: 'History of medical device use',
    items: medicalDeviceItems,
  },
  {
    title: 'History of Past Illness',
    loincCode: '11348-0',
    loincDisplay: 'History of Past illness note',
    items: pastIllnessItems,
  },
  {
    title: 'Functional Status',
    loincCode: '47420-5',
    loincDisplay: 'Functional status assessment note',
    items: functionalStatusItems,
  },
  {
    title: 'Plan of Care',
    loincCode: '18776-5',
    loincDisplay: 'Plan of care note',
    items: planOfCareItems,
  },
  {
    title: 'Social History',
    loincCode: '29762-2',
    loincDisplay: 'Social history note',
    items: socialHistoryItems,
  },
  {
    title: 'Pregnancy',
    loincCode: '10162-6',
    loincDisplay: 'History of pregnancies Narrative',
    items: pregnancyItems,
  },
  {
    title: 'Advance Directives',
    loincCode: '42348-3',
    loincDisplay: 'Advance healthcare directives',
    items: advanceDirectiveItems,
  },
];

export interface IpsSection {
  definition: IpsSectionDefinition;
  items: IpsItem[];
}

/** Entered-in-error records are dropped before any section sees them. */
export function buildSections(
  entries: readonly ResourceEntry[],
  context: SectionContext,
  definitions: readonly IpsSectionDefinition[] = IPS_SECTIONS,
): IpsSection[] {
  const usable = entries.filter(({ resource }) => !isEnteredInError(resource));
  return definitions.map((definition) => ({
    definition,
    items: definition.items(usable, context),
  }));
}
