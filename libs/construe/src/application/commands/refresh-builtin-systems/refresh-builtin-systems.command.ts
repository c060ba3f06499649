import { Command } from '@nestjs/cqrs';

export interface RefreshedSystem {
  name: string;
  version: string;
  codes: number;
}

/**
 * Rebuilds the builtin systems of the given vocabularies (all when empty) after an import;
 * with `missingOnly`, only those not built yet (an import that changed no row).
 */
export class RefreshBuiltinSystemsCommand extends Command<RefreshedSystem[]> {
  constructor(
    readonly vocabularyIds: string[] = [],
    readonly missingOnly = false,
  ) {
    super();
  }
}
