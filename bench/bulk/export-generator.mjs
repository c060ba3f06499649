// Writes a synthetic bulk FHIR export of about `patients` patients: copies of the shared
// Synthea ndjson set (../shared/reference), every UUID rewritten per copy so each copy is a
// distinct set of patients (and of their practitioners and organizations).
import { Buffer } from 'node:buffer';
import { once } from 'node:events';
import { createWriteStream, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

const UUID = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-)([0-9a-f]{12})/g;
// A practitioner's NPI, as an identifier or inside a conditional reference
// (`Practitioner?identifier=http://hl7.org/fhir/sid/us-npi|9999974493`).
const NPI = /(us-npi(?:\||"\s*,\s*"value"\s*:\s*"))\d{4}(\d{6})/g;

/**
 * One copy's text: every UUID and every NPI rewritten, so that a copy's patients,
 * practitioners and organizations are distinct from every other copy's (Synthea's NPIs
 * are not UUIDs: left alone, every copy's practitioners shared their NPIs, and a
 * reference by NPI answered to one practitioner per copy).
 */
function rewriteCopy(text, copy) {
  if (copy === 0) return text;
  const suffix = copy.toString(16).padStart(6, '0');
  const npiPrefix = String(9999 - copy).padStart(4, '0');
  return text
    .replace(UUID, (_, head, tail) => head + tail.slice(0, 6) + suffix)
    .replace(NPI, (_, head, tail) => head + npiPrefix + tail);
}

/** Returns { patients, resources, bytes } written. */
export async function writeExport(source, directory, patients) {
  const files = readdirSync(source).filter(
    (name) => name.endsWith('.ndjson.gz') && !name.startsWith('log'),
  );
  const lines = new Map(
    files.map((name) => [
      name.replace(/\.ndjson\.gz$/, '.ndjson'),
      gunzipSync(readFileSync(join(source, name)))
        .toString('utf8')
        .split('\n')
        .filter(Boolean),
    ]),
  );
  const perCopy = lines.get([...lines.keys()].find((name) => name.startsWith('Patient.'))).length;
  const copies = Math.max(1, Math.ceil(patients / perCopy));
  let resources = 0;
  let bytes = 0;
  for (const [name, sourceLines] of lines) {
    const out = createWriteStream(join(directory, name));
    for (let copy = 0; copy < copies; copy += 1) {
      let buffer = '';
      for (const line of sourceLines) {
        buffer += rewriteCopy(line, copy) + '\n';
        resources += 1;
      }
      bytes += Buffer.byteLength(buffer);
      if (!out.write(buffer)) await once(out, 'drain');
    }
    out.end();
    await once(out, 'finish');
  }
  return { patients: copies * perCopy, resources, bytes };
}

/**
 * Writes `copies` copies of the shared Synthea transaction Bundles (one file per Bundle),
 * every UUID rewritten per copy as above. Returns { patients, resources, bytes } written.
 */
export async function writeBundles(source, directory, copies) {
  const { writeFile } = await import('node:fs/promises');
  const files = readdirSync(source).filter((name) => name.endsWith('.json.gz'));
  let resources = 0;
  let bytes = 0;
  let patients = 0;
  for (const name of files) {
    const text = gunzipSync(readFileSync(join(source, name))).toString('utf8');
    const entries = JSON.parse(text).entry?.length ?? 0;
    const isPatient = /"resourceType"\s*:\s*"Patient"/.test(text);
    for (let copy = 0; copy < copies; copy += 1) {
      const suffix = copy.toString(16).padStart(6, '0');
      const rewritten = rewriteCopy(text, copy);
      await writeFile(join(directory, `${suffix}-${name.replace(/\.gz$/, '')}`), rewritten);
      resources += entries;
      bytes += Buffer.byteLength(rewritten);
      if (isPatient) patients += 1;
    }
  }
  return { patients, resources, bytes };
}
