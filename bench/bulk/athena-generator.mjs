// Writes a synthetic Athena download (tab-delimited, YYYYMMDD dates, Athena's headers) of
// about `rows` rows in total, spread over the files like a real download: concepts, their
// relationships, ancestors, synonyms and drug strengths, plus the small reference tables.
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';

const SHARE = { concept: 0.25, relationship: 0.35, ancestor: 0.3, synonym: 0.06, strength: 0.04 };
const VOCABULARIES = ['SNOMED', 'LOINC', 'RxNorm', 'ICD10CM', 'CPT4'];
const DOMAINS = ['Condition', 'Measurement', 'Drug', 'Procedure', 'Observation'];
const CLASSES = ['Clinical Finding', 'Lab Test', 'Clinical Drug', 'Procedure', 'Ingredient'];
const RELATIONSHIPS = ['Maps to', 'Mapped from', 'Is a', 'Subsumes'];

async function writeFile(path, header, count, line) {
  const out = createWriteStream(path);
  let buffer = header.join('\t') + '\n';
  for (let index = 0; index < count; index += 1) {
    buffer += line(index) + '\n';
    if (buffer.length > 1 << 16) {
      if (!out.write(buffer)) await once(out, 'drain');
      buffer = '';
    }
  }
  out.end(buffer);
  await once(out, 'finish');
}

/** Returns the row count per file. */
export async function writeAthena(directory, rows) {
  const concepts = Math.max(10, Math.round(rows * SHARE.concept));
  const counts = {
    CONCEPT: concepts,
    CONCEPT_RELATIONSHIP: Math.round(rows * SHARE.relationship),
    CONCEPT_ANCESTOR: Math.round(rows * SHARE.ancestor),
    CONCEPT_SYNONYM: Math.round(rows * SHARE.synonym),
    DRUG_STRENGTH: Math.round(rows * SHARE.strength),
  };
  const id = (index) => 1_000_000 + (index % concepts);
  const pick = (list, index) => list[index % list.length];
  await writeFile(
    join(directory, 'VOCABULARY.csv'),
    [
      'vocabulary_id',
      'vocabulary_name',
      'vocabulary_reference',
      'vocabulary_version',
      'vocabulary_concept_id',
    ],
    VOCABULARIES.length,
    (i) => `${VOCABULARIES[i]}\t${VOCABULARIES[i]} (synthetic)\tbench\tv1\t${i + 1}`,
  );
  await writeFile(
    join(directory, 'DOMAIN.csv'),
    ['domain_id', 'domain_name', 'domain_concept_id'],
    DOMAINS.length,
    (i) => `${DOMAINS[i]}\t${DOMAINS[i]}\t${i + 10}`,
  );
  await writeFile(
    join(directory, 'CONCEPT_CLASS.csv'),
    ['concept_class_id', 'concept_class_name', 'concept_class_concept_id'],
    CLASSES.length,
    (i) => `${CLASSES[i]}\t${CLASSES[i]}\t${i + 20}`,
  );
  await writeFile(
    join(directory, 'RELATIONSHIP.csv'),
    [
      'relationship_id',
      'relationship_name',
      'is_hierarchical',
      'defines_ancestry',
      'reverse_relationship_id',
      'relationship_concept_id',
    ],
    RELATIONSHIPS.length,
    (i) =>
      `${RELATIONSHIPS[i]}\t${RELATIONSHIPS[i]}\t${i > 1 ? 1 : 0}\t${i > 1 ? 1 : 0}\t${RELATIONSHIPS[i ^ 1]}\t${i + 30}`,
  );
  await writeFile(
    join(directory, 'CONCEPT.csv'),
    [
      'concept_id',
      'concept_name',
      'domain_id',
      'vocabulary_id',
      'concept_class_id',
      'standard_concept',
      'concept_code',
      'valid_start_date',
      'valid_end_date',
      'invalid_reason',
    ],
    counts.CONCEPT,
    (i) =>
      `${id(i)}\tSynthetic concept ${i} of ${pick(DOMAINS, i).toLowerCase()} kind\t${pick(DOMAINS, i)}\t${pick(VOCABULARIES, i)}\t${pick(CLASSES, i)}\t${i % 3 === 0 ? '' : 'S'}\tC${i}\t19700101\t20991231\t`,
  );
  // Pairs (a, a + k) with k growing every `concepts` rows keep keys distinct.
  const pair = (i) => [id(i), id(i + 1 + Math.floor(i / concepts))];
  await writeFile(
    join(directory, 'CONCEPT_RELATIONSHIP.csv'),
    [
      'concept_id_1',
      'concept_id_2',
      'relationship_id',
      'valid_start_date',
      'valid_end_date',
      'invalid_reason',
    ],
    counts.CONCEPT_RELATIONSHIP,
    (i) =>
      `${pair(i).join('\t')}\t${pick(RELATIONSHIPS, Math.floor(i / (concepts * 64)))}\t19700101\t20991231\t`,
  );
  await writeFile(
    join(directory, 'CONCEPT_ANCESTOR.csv'),
    [
      'ancestor_concept_id',
      'descendant_concept_id',
      'min_levels_of_separation',
      'max_levels_of_separation',
    ],
    counts.CONCEPT_ANCESTOR,
    (i) => `${pair(i).join('\t')}\t1\t${1 + Math.floor(i / concepts)}`,
  );
  await writeFile(
    join(directory, 'CONCEPT_SYNONYM.csv'),
    ['concept_id', 'concept_synonym_name', 'language_concept_id'],
    counts.CONCEPT_SYNONYM,
    (i) => `${id(i)}\tSynonym ${i} of concept ${i % concepts}\t4180186`,
  );
  await writeFile(
    join(directory, 'DRUG_STRENGTH.csv'),
    [
      'drug_concept_id',
      'ingredient_concept_id',
      'amount_value',
      'amount_unit_concept_id',
      'numerator_value',
      'numerator_unit_concept_id',
      'denominator_value',
      'denominator_unit_concept_id',
      'box_size',
      'valid_start_date',
      'valid_end_date',
      'invalid_reason',
    ],
    counts.DRUG_STRENGTH,
    (i) => `${pair(i).join('\t')}\t${(i % 500) + 0.5}\t8576\t\t\t\t\t\t19700101\t20991231\t`,
  );
  return counts;
}
