import type { CodeSystem } from '../../domain/code-system.js';

/** The builtin systems, made from the OMOP vocabulary. */
export abstract class BuiltinSystemStore {
  abstract listBuiltin(): Promise<CodeSystem[]>;
  /** Rebuilds a builtin system from the vocabulary; returns it (status processing), or null when the vocabulary holds nothing. */
  abstract materializeBuiltin(name: string, vocabularyId: string): Promise<CodeSystem | null>;
  /** The same for several systems, in their order; a server database builds a few at a time. */
  abstract materializeBuiltins(
    systems: readonly { name: string; vocabularyId: string }[],
  ): Promise<(CodeSystem | null)[]>;
}
