import type { OmopTableName } from '../ids/omop-id-allocator.js';

/** The clinical tables the mapper fills rows with ids of their own, in the CDM's own order. */
export const MAPPED_CDM_TABLES: readonly OmopTableName[] = [
  'location',
  'care_site',
  'provider',
  'person',
  'death',
  'observation_period',
  'visit_occurrence',
  'condition_occurrence',
  'drug_exposure',
  'procedure_occurrence',
  'measurement',
  'specimen',
  'observation',
  'visit_detail',
  'device_exposure',
  'note',
  'payer_plan_period',
];

/** The vocabulary tables of the CDM, with the key the service's vocabulary store orders them by. */
export const VOCABULARY_TABLES: readonly { table: string; key: readonly string[] }[] = [
  { table: 'vocabulary', key: ['vocabulary_id'] },
  { table: 'domain', key: ['domain_id'] },
  { table: 'concept_class', key: ['concept_class_id'] },
  { table: 'relationship', key: ['relationship_id'] },
  { table: 'concept', key: ['concept_id'] },
  { table: 'concept_relationship', key: ['concept_id_1', 'concept_id_2', 'relationship_id'] },
  { table: 'concept_synonym', key: ['concept_id', 'concept_synonym_name', 'language_concept_id'] },
  { table: 'concept_ancestor', key: ['ancestor_concept_id', 'descendant_concept_id'] },
  { table: 'drug_strength', key: ['drug_concept_id', 'ingredient_concept_id'] },
];

export function isVocabularyTable(table: string): boolean {
  return (
    VOCABULARY_TABLES.some((entry) => entry.table === table) || table === 'source_to_concept_map'
  );
}

/**
 * The columns a row is identified by for an upsert: the primary key, or for `death`,
 * which the DDL leaves without one, `person_id` (the CDM allows one death per person),
 * and for `fact_relationship` (no key either) all its columns.
 */
export function rowKeyColumns(table: string, primaryKey: readonly string[]): string[] {
  if (primaryKey.length > 0) return [...primaryKey];
  if (table === 'death') return ['person_id'];
  // A fact is the whole row: the same link written again replaces itself.
  if (table === 'fact_relationship')
    return [
      'domain_concept_id_1',
      'fact_id_1',
      'domain_concept_id_2',
      'fact_id_2',
      'relationship_concept_id',
    ];
  return [];
}

/** The id column whose values the id sequence of a mapped table hands out. */
/** Tables the mapper fills whose rows have no id of their own (not in MAPPED_CDM_TABLES). */
export const KEYLESS_MAPPED_TABLES: readonly string[] = ['fact_relationship'];

export function idColumnOf(table: OmopTableName): string | undefined {
  return table === 'death' ? undefined : `${table}_id`;
}
