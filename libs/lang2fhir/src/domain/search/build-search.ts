import { dateBounds } from './search-dates.js';

/** The search parameter each resource type dates by and filters its status with (FHIR R4). */
const DATE_PARAM: Readonly<Record<string, string>> = {
  Condition: 'onset-date',
  MedicationRequest: 'authoredon',
  ServiceRequest: 'authored',
  Patient: 'birthdate',
  Coverage: '',
  Device: '',
  Goal: 'target-date',
  Specimen: 'collected',
  Slot: 'start',
};
const STATUS_PARAM: Readonly<Record<string, string>> = {
  Condition: 'clinical-status',
  AllergyIntolerance: 'clinical-status',
};
/** Status words and the FHIR codes they stand for (value-set codes, not clinical knowledge). */
const STATUS_WORDS: readonly [RegExp, string][] = [
  [/\b(active|current|ongoing)\b/i, 'active'],
  [/\b(resolved)\b/i, 'resolved'],
  [/\b(inactive)\b/i, 'inactive'],
  [/\b(completed|finished|done)\b/i, 'completed'],
  [/\b(cancell?ed)\b/i, 'cancelled'],
  [/\b(stopped|discontinued)\b/i, 'stopped'],
  [/\b(booked|scheduled)\b/i, 'booked'],
  [/\b(in progress|in-progress)\b/i, 'in-progress'],
];
const STATUS_OF_TYPE: Readonly<Record<string, readonly string[]>> = {
  Condition: ['active', 'resolved', 'inactive'],
  AllergyIntolerance: ['active', 'resolved', 'inactive'],
  MedicationRequest: ['active', 'completed', 'cancelled', 'stopped'],
  ServiceRequest: ['active', 'completed', 'cancelled'],
  Appointment: ['booked', 'cancelled'],
  Encounter: ['finished', 'in-progress', 'cancelled'],
  Procedure: ['completed', 'in-progress'],
  CarePlan: ['active', 'completed'],
  Goal: [],
  Immunization: ['completed'],
};

export interface SearchCoding {
  system?: string;
  code: string;
}

export interface SearchInput {
  text: string;
  resourceType: string;
  /** Codes the engine found for the searched concept (OR-ed). */
  codes: readonly SearchCoding[];
  /** The code parameter of the type (`code`, `medication.code`, …), when it has one. */
  codeParam?: string;
  /** Words to match the code's display texts with (`:text`), when no code was found. */
  codeText?: string;
  /** `Patient/<id>` from the caller's header, else from the text. */
  patient?: string;
  count?: number;
}

const PATIENT_IN_TEXT = /\bpatient(?:\/| id:? | #| )([A-Za-z0-9\-.]{1,64})\b/i;

/** `key=value&…` in FHIR search syntax; values URL-encoded, `|` and `,` kept readable. */
export function buildSearchParams(input: SearchInput): string {
  const params: [string, string][] = [];
  const { text, resourceType } = input;
  if (input.codeParam && input.codes.length > 0) {
    params.push([
      input.codeParam,
      input.codes
        .map((coding) => (coding.system ? `${coding.system}|${coding.code}` : coding.code))
        .join(','),
    ]);
  } else if (input.codeParam && input.codeText) {
    // FHIR escapes its own separators in a search value with a backslash.
    params.push([`${input.codeParam}:text`, input.codeText.replace(/([\\,$|])/g, '\\$1')]);
  }
  const dateParam = DATE_PARAM[resourceType] ?? 'date';
  const bounds = dateParam ? dateBounds(text) : undefined;
  if (dateParam && bounds) {
    if (bounds.eq) params.push([dateParam, bounds.eq]);
    if (bounds.ge) params.push([dateParam, `ge${bounds.ge}`]);
    if (bounds.le) params.push([dateParam, `le${bounds.le}`]);
  }
  const allowed = STATUS_OF_TYPE[resourceType] ?? [];
  const status = STATUS_WORDS.find(([cue, code]) => allowed.includes(code) && cue.test(text))?.[1];
  if (status) params.push([STATUS_PARAM[resourceType] ?? 'status', status]);
  const patient = input.patient ?? patientInText(text);
  if (patient) {
    if (resourceType === 'Patient') params.push(['_id', patient.replace(/^Patient\//, '')]);
    else params.push(['patient', patient]);
  }
  const count = input.count ?? countInText(text);
  if (count !== undefined) params.push(['_count', String(count)]);
  return params
    .map(
      ([key, value]) =>
        `${key}=${encodeURIComponent(value).replace(/%7C/g, '|').replace(/%2C/g, ',').replace(/%2F/g, '/').replace(/%3A/g, ':')}`,
    )
    .join('&');
}

function patientInText(text: string): string | undefined {
  const match = PATIENT_IN_TEXT.exec(text);
  return match && /\d/.test(match[1]) ? `Patient/${match[1]}` : undefined;
}

function countInText(text: string): number | undefined {
  const match = /\b(?:first|top|last|latest|most recent|up to|limit(?: to)?)\s+(\d{1,3})\b/i.exec(
    text,
  );
  return match ? Math.min(Number(match[1]), 1000) : undefined;
}
