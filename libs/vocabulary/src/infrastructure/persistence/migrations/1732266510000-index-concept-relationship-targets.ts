import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Relationships read from their target: the `Maps to` rows pointing at a standard concept. */
export class IndexConceptRelationshipTargets1732266510000 implements MigrationInterface {
  name = 'IndexConceptRelationshipTargets1732266510000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE INDEX IF NOT EXISTS concept_relationship_to_idx ON vocab.concept_relationship (concept_id_2, relationship_id)',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX IF EXISTS vocab.concept_relationship_to_idx');
  }
}
