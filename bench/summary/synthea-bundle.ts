import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';

export const BULK_DIR = fileURLToPath(
  new URL('../../../shared/reference/fhir/synthea-bulk-ndjson-13-patients/', import.meta.url),
);
export const hasBulkData = existsSync(BULK_DIR);

type Resource = {
  resourceType: string;
  id?: string;
  subject?: { reference?: string };
  patient?: { reference?: string };
};

function ndjson(type: string): Resource[] {
  return gunzipSync(readFileSync(`${BULK_DIR}${type}.000.ndjson.gz`))
    .toString('utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Resource);
}

/**
 * One Synthea patient and their records as a collection Bundle of exactly `size` resources:
 * the patient with the most records, DocumentReferences left out (their base64 notes
 * would measure JSON parsing rather than summarising).
 */
export function syntheaPatientBundle(size = 1000): {
  resourceType: 'Bundle';
  type: 'collection';
  entry: { resource: Resource }[];
} {
  const patients = ndjson('Patient');
  const records = [
    'Encounter',
    'Condition',
    'AllergyIntolerance',
    'Immunization',
    'MedicationRequest',
    'Device',
    'Procedure',
  ].flatMap(ndjson);
  const ownerOf = (resource: Resource) =>
    (resource.subject ?? resource.patient)?.reference?.replace('Patient/', '');
  const counts = new Map<string, number>();
  for (const record of records)
    counts.set(ownerOf(record) ?? '', (counts.get(ownerOf(record) ?? '') ?? 0) + 1);
  const [patient] = [...patients].sort(
    (left, right) => (counts.get(right.id ?? '') ?? 0) - (counts.get(left.id ?? '') ?? 0),
  );
  if (patient === undefined) throw new Error(`No Patient in ${BULK_DIR}`);
  const own = records.filter((record) => ownerOf(record) === patient.id).slice(0, size - 1);
  if (own.length < size - 1)
    throw new Error(`The largest Synthea patient has only ${own.length + 1} resources`);
  return {
    resourceType: 'Bundle',
    type: 'collection',
    entry: [patient, ...own].map((resource) => ({ resource })),
  };
}
