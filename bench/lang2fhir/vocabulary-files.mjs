// The shared vocabulary files as the name index reads them, for the benches that build it in
// process: Athena CSV rows, and ICD-10-CM concepts from the CMS order file.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

/** The rows of one Athena file (tab-separated, a header line), as objects keyed by column. */
export function athenaRows(athenaDir, file) {
  const [header, ...lines] = readFileSync(join(athenaDir, file), 'utf8').split('\n');
  const names = header.split('\t');
  return lines
    .filter((line) => line.trim() !== '')
    .map((line) => Object.fromEntries(line.split('\t').map((v, i) => [names[i], v])));
}

/** Valid Athena concepts of the given vocabularies, in the name index's shape. */
export function athenaConcepts(athenaDir, vocabularies) {
  return athenaRows(athenaDir, 'CONCEPT.csv')
    .filter((c) => !c.invalid_reason && vocabularies.includes(c.vocabulary_id))
    .map((c) => ({
      conceptId: Number(c.concept_id),
      vocabularyId: c.vocabulary_id,
      code: c.concept_code,
      name: c.concept_name,
      conceptClassId: c.concept_class_id,
      standard: c.standard_concept === 'S',
    }));
}

/** Every code of the ICD-10-CM order file, with negative ids as the importer gives none. */
export function icd10cmConcepts(orderFile, parseIcd10cmOrderLine) {
  const concepts = [];
  let n = 0;
  for (const line of gunzipSync(readFileSync(orderFile)).toString('latin1').split('\n')) {
    const code = line.trim() ? parseIcd10cmOrderLine(line, ++n) : null;
    if (code)
      concepts.push({
        conceptId: -n,
        vocabularyId: 'ICD10CM',
        code: code.code,
        name: code.name,
        conceptClassId: code.billable ? '7-char billing code' : '3-char nonbill code',
        standard: false,
      });
  }
  return concepts;
}
