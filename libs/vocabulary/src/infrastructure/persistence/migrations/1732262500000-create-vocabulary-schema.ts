import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The OMOP CDM v5.4 vocabulary tables, in their own schema, without foreign keys (Athena subsets are rarely closed). */
export class CreateVocabularySchema1732262500000 implements MigrationInterface {
  name = 'CreateVocabularySchema1732262500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('CREATE SCHEMA IF NOT EXISTS vocab');
    await queryRunner.query(`
      CREATE TABLE vocab.vocabulary (
        vocabulary_id text PRIMARY KEY, vocabulary_name text NOT NULL, vocabulary_reference text,
        vocabulary_version text, vocabulary_concept_id integer NOT NULL)`);
    await queryRunner.query(`
      CREATE TABLE vocab.domain (domain_id text PRIMARY KEY, domain_name text NOT NULL, domain_concept_id integer NOT NULL)`);
    await queryRunner.query(`
      CREATE TABLE vocab.concept_class (
        concept_class_id text PRIMARY KEY, concept_class_name text NOT NULL, concept_class_concept_id integer NOT NULL)`);
    await queryRunner.query(`
      CREATE TABLE vocab.relationship (
        relationship_id text PRIMARY KEY, relationship_name text NOT NULL, is_hierarchical text NOT NULL,
        defines_ancestry text NOT NULL, reverse_relationship_id text NOT NULL, relationship_concept_id integer NOT NULL)`);
    await queryRunner.query(`
      CREATE TABLE vocab.concept (
        concept_id integer PRIMARY KEY, concept_name text NOT NULL, domain_id text NOT NULL, vocabulary_id text NOT NULL,
        concept_class_id text NOT NULL, standard_concept text, concept_code text NOT NULL,
        valid_start_date date NOT NULL, valid_end_date date NOT NULL, invalid_reason text)`);
    await queryRunner.query(
      'CREATE INDEX concept_vocabulary_code_idx ON vocab.concept (vocabulary_id, concept_code)',
    );
    await queryRunner.query(`
      CREATE TABLE vocab.concept_relationship (
        concept_id_1 integer NOT NULL, concept_id_2 integer NOT NULL, relationship_id text NOT NULL,
        valid_start_date date NOT NULL, valid_end_date date NOT NULL, invalid_reason text,
        PRIMARY KEY (concept_id_1, concept_id_2, relationship_id))`);
    await queryRunner.query(
      'CREATE INDEX concept_relationship_from_idx ON vocab.concept_relationship (concept_id_1, relationship_id)',
    );
    await queryRunner.query(`
      CREATE TABLE vocab.concept_synonym (
        concept_id integer NOT NULL, concept_synonym_name text NOT NULL, language_concept_id integer NOT NULL,
        PRIMARY KEY (concept_id, concept_synonym_name, language_concept_id))`);
    await queryRunner.query(`
      CREATE TABLE vocab.concept_ancestor (
        ancestor_concept_id integer NOT NULL, descendant_concept_id integer NOT NULL,
        min_levels_of_separation integer NOT NULL, max_levels_of_separation integer NOT NULL,
        PRIMARY KEY (ancestor_concept_id, descendant_concept_id))`);
    await queryRunner.query(
      'CREATE INDEX concept_ancestor_descendant_idx ON vocab.concept_ancestor (descendant_concept_id)',
    );
    await queryRunner.query(`
      CREATE TABLE vocab.drug_strength (
        drug_concept_id integer NOT NULL, ingredient_concept_id integer NOT NULL, amount_value numeric,
        amount_unit_concept_id integer, numerator_value numeric, numerator_unit_concept_id integer,
        denominator_value numeric, denominator_unit_concept_id integer, box_size integer,
        valid_start_date date NOT NULL, valid_end_date date NOT NULL, invalid_reason text,
        PRIMARY KEY (drug_concept_id, ingredient_concept_id))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP SCHEMA vocab CASCADE');
  }
}
