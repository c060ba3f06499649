import type { MappingRun, RowPlace } from './mapping-run.js';

/** OMOP Domain concepts of the tables a fact_relationship row can name (DOMAIN.domain_concept_id). */
const DOMAIN_CONCEPT: Readonly<Partial<Record<RowPlace['table'], number>>> = {
  condition_occurrence: 19,
  drug_exposure: 13,
  procedure_occurrence: 10,
  measurement: 21,
  observation: 27,
  device_exposure: 17,
  note: 5085,
  specimen: 36,
  visit_occurrence: 8,
};

/** SNOMED-derived Relationship concepts: "Has component" and its reverse "Component of". */
export const HAS_COMPONENT = 44818768;
export const COMPONENT_OF = 44818864;

/** Writes a fact and its reverse, as the CDM expects both directions of a relationship. */
export function relateFacts(
  run: MappingRun,
  whole: RowPlace,
  part: RowPlace,
  relationship = HAS_COMPONENT,
  reverse = COMPONENT_OF,
): void {
  const wholeDomain = DOMAIN_CONCEPT[whole.table];
  const partDomain = DOMAIN_CONCEPT[part.table];
  if (wholeDomain === undefined || partDomain === undefined) return;
  run.tables.fact_relationship.push(
    {
      domain_concept_id_1: wholeDomain,
      fact_id_1: whole.id,
      domain_concept_id_2: partDomain,
      fact_id_2: part.id,
      relationship_concept_id: relationship,
    },
    {
      domain_concept_id_1: partDomain,
      fact_id_1: part.id,
      domain_concept_id_2: wholeDomain,
      fact_id_2: whole.id,
      relationship_concept_id: reverse,
    },
  );
}
