/** Column types of the OMOP vocabulary tables, as they appear in an Athena download. */
export type ColumnType = 'int' | 'text' | 'date' | 'numeric';

export interface VocabularyTable {
  /** Athena file name without extension, e.g. CONCEPT. */
  file: string;
  /** Table in the `vocab` schema. */
  table: string;
  columns: readonly (readonly [name: string, type: ColumnType, required: boolean])[];
  /** Conflict target that makes a re-import update rows instead of duplicating them. */
  key: readonly string[];
}

const DATE_RANGE = [
  ['valid_start_date', 'date', true],
  ['valid_end_date', 'date', true],
  ['invalid_reason', 'text', false],
] as const;

/** In load order: small reference tables first, then concepts, then what refers to them. */
export const VOCABULARY_TABLES: readonly VocabularyTable[] = [
  {
    file: 'VOCABULARY',
    table: 'vocabulary',
    columns: [
      ['vocabulary_id', 'text', true],
      ['vocabulary_name', 'text', true],
      ['vocabulary_reference', 'text', false],
      ['vocabulary_version', 'text', false],
      ['vocabulary_concept_id', 'int', true],
    ],
    key: ['vocabulary_id'],
  },
  {
    file: 'DOMAIN',
    table: 'domain',
    columns: [
      ['domain_id', 'text', true],
      ['domain_name', 'text', true],
      ['domain_concept_id', 'int', true],
    ],
    key: ['domain_id'],
  },
  {
    file: 'CONCEPT_CLASS',
    table: 'concept_class',
    columns: [
      ['concept_class_id', 'text', true],
      ['concept_class_name', 'text', true],
      ['concept_class_concept_id', 'int', true],
    ],
    key: ['concept_class_id'],
  },
  {
    file: 'RELATIONSHIP',
    table: 'relationship',
    columns: [
      ['relationship_id', 'text', true],
      ['relationship_name', 'text', true],
      ['is_hierarchical', 'text', true],
      ['defines_ancestry', 'text', true],
      ['reverse_relationship_id', 'text', true],
      ['relationship_concept_id', 'int', true],
    ],
    key: ['relationship_id'],
  },
  {
    file: 'CONCEPT',
    table: 'concept',
    columns: [
      ['concept_id', 'int', true],
      ['concept_name', 'text', true],
      ['domain_id', 'text', true],
      ['vocabulary_id', 'text', true],
      ['concept_class_id', 'text', true],
      ['standard_concept', 'text', false],
      ['concept_code', 'text', true],
      ...DATE_RANGE,
    ],
    key: ['concept_id'],
  },
  {
    file: 'CONCEPT_RELATIONSHIP',
    table: 'concept_relationship',
    columns: [
      ['concept_id_1', 'int', true],
      ['concept_id_2', 'int', true],
      ['relationship_id', 'text', true],
      ...DATE_RANGE,
    ],
    key: ['concept_id_1', 'concept_id_2', 'relationship_id'],
  },
  {
    file: 'CONCEPT_SYNONYM',
    table: 'concept_synonym',
    columns: [
      ['concept_id', 'int', true],
      ['concept_synonym_name', 'text', true],
      ['language_concept_id', 'int', true],
    ],
    key: ['concept_id', 'concept_synonym_name', 'language_concept_id'],
  },
  {
    file: 'CONCEPT_ANCESTOR',
    table: 'concept_ancestor',
    columns: [
      ['ancestor_concept_id', 'int', true],
      ['descendant_concept_id', 'int', true],
      ['min_levels_of_separation', 'int', true],
      ['max_levels_of_separation', 'int', true],
    ],
    key: ['ancestor_concept_id', 'descendant_concept_id'],
  },
  {
    file: 'DRUG_STRENGTH',
    table: 'drug_strength',
    columns: [
      ['drug_concept_id', 'int', true],
      ['ingredient_concept_id', 'int', true],
      ['amount_value', 'numeric', false],
      ['amount_unit_concept_id', 'int', false],
      ['numerator_value', 'numeric', false],
      ['numerator_unit_concept_id', 'int', false],
      ['denominator_value', 'numeric', false],
      ['denominator_unit_concept_id', 'int', false],
      ['box_size', 'int', false],
      ...DATE_RANGE,
    ],
    key: ['drug_concept_id', 'ingredient_concept_id'],
  },
];

export function vocabularyTable(table: string): VocabularyTable {
  const found = VOCABULARY_TABLES.find((candidate) => candidate.table === table);
  if (!found) throw new Error(`Unknown vocabulary table ${table}`);
  return found;
}
