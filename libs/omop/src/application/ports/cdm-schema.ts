import type { OmopTarget } from '../../domain/bulk/omop-target.js';

export interface PreparedCdmSchema {
  /** True when this run created the schema from the DDL. */
  created: boolean;
  /** Vocabulary rows copied into the schema, per table (empty when nothing was copied). */
  vocabularyRows: Record<string, number>;
  /** Official constraints not added because the imported vocabulary is not closed under them. */
  skippedConstraints: string[];
}

/** The OMOP CDM schema in the target database: created from the official DDL, with the vocabulary. */
export abstract class CdmSchema {
  abstract prepare(
    target: OmopTarget,
    ddlDirectory: string,
    onStep: (message: string) => void,
  ): Promise<PreparedCdmSchema>;

  /** Adds what a fresh schema left for after its first load (the clinical tables' foreign keys and indices). */
  abstract complete(target: OmopTarget, onStep: (message: string) => void): Promise<void>;

  /** Rows per clinical table of the schema. */
  abstract tableCounts(target: OmopTarget): Promise<Record<string, number>>;
}
