/**
 * Parsers for the publishers' own code files. Each yields codes in the OMOP spelling
 * (ICD-10-CM with its dot), ready to become vocabulary concepts.
 */
export interface PublisherCode {
  code: string;
  name: string;
  shortName?: string;
  /** ICD-10-CM: whether the code is valid for billing (a leaf). */
  billable?: boolean;
  inactive?: boolean;
}

export class PublisherFormatError extends Error {}

/** `E119` → `E11.9`: OMOP and FHIR write ICD-10-CM codes with a dot after the category. */
export function dottedIcd10cm(code: string): string {
  const compact = code.replace('.', '').toUpperCase();
  return compact.length > 3 ? `${compact.slice(0, 3)}.${compact.slice(3)}` : compact;
}

/**
 * One line of the CDC ICD-10-CM order file (fixed width): order number (5), code (7),
 * billable flag (1), short description (60), long description.
 */
export function parseIcd10cmOrderLine(line: string, lineNumber: number): PublisherCode | null {
  const text = line.replace(/\r$/, '');
  if (text.trim() === '') return null;
  const code = text.slice(6, 13).trim();
  const flag = text.slice(14, 15);
  const shortName = text.slice(16, 76).trim();
  const name = text.slice(77).trim();
  if (!/^[A-Z][0-9A-Z]{2,6}$/.test(code) || (flag !== '0' && flag !== '1') || name === '') {
    throw new PublisherFormatError(`line ${lineNumber}: not an ICD-10-CM order file record`);
  }
  return { code: dottedIcd10cm(code), name, shortName, billable: flag === '1' };
}

/** Column names of CSV headers we accept, per publisher, most specific first. */
export const CSV_COLUMNS = {
  loinc: {
    code: ['loinc_num'],
    name: ['long_common_name', 'component'],
    shortName: ['shortname'],
    status: ['status'],
  },
  hcpcs: {
    code: ['code', 'hcpc'],
    name: ['long_description', 'long description'],
    shortName: ['short_description', 'short description'],
    status: ['termination_date', 'term_dt'],
  },
} as const;

export type CsvPublisher = keyof typeof CSV_COLUMNS;

export function csvRecordToCode(
  publisher: CsvPublisher,
  record: Record<string, string>,
  rowNumber: number,
): PublisherCode {
  const columns = CSV_COLUMNS[publisher];
  const pick = (names: readonly string[]) =>
    names
      .map((name) => record[name])
      .find((value) => value !== undefined && value.trim() !== '')
      ?.trim();
  const code = pick(columns.code);
  const name = pick(columns.name) ?? pick(columns.shortName);
  if (!code || !name)
    throw new PublisherFormatError(`row ${rowNumber}: missing code or description`);
  const status = pick(columns.status);
  const inactive =
    publisher === 'loinc' ? status !== undefined && status !== 'ACTIVE' : status !== undefined;
  return { code: code.toUpperCase(), name, shortName: pick(columns.shortName), inactive };
}

/** How publisher codes become concepts of an OMOP vocabulary. */
export interface PublisherVocabulary {
  vocabularyId: string;
  vocabularyName: string;
  domainId: string;
  conceptClassOf(code: PublisherCode): string;
}

export const PUBLISHER_VOCABULARIES: Record<'icd10cm' | CsvPublisher, PublisherVocabulary> = {
  icd10cm: {
    vocabularyId: 'ICD10CM',
    vocabularyName:
      'International Classification of Diseases, Tenth Revision, Clinical Modification (NCHS)',
    domainId: 'Condition',
    // OMOP's own classes: "3-char nonbill code", "4-char billing code", ...
    conceptClassOf: (code) =>
      `${code.code.replace('.', '').length}-char ${code.billable ? 'billing' : 'nonbill'} code`,
  },
  loinc: {
    vocabularyId: 'LOINC',
    vocabularyName: 'Logical Observation Identifiers Names and Codes (Regenstrief Institute)',
    domainId: 'Measurement',
    conceptClassOf: () => 'Lab Test',
  },
  hcpcs: {
    vocabularyId: 'HCPCS',
    vocabularyName: 'Healthcare Common Procedure Coding System (CMS)',
    domainId: 'Procedure',
    conceptClassOf: () => 'HCPCS',
  },
};

/** OHDSI reserves concept ids above 2,000,000,000 for local concepts; publisher-only codes get these. */
export const LOCAL_CONCEPT_ID_START = 2_000_000_000;
