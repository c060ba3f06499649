import { Command } from '@nestjs/cqrs';

export interface RefreshedSystem {
  name: string;
  version: string;
  codes: number;
}

/** Rebuilds the builtin systems of the given vocabularies (all when empty) after an import. */
export class RefreshBuiltinSystemsCommand extends Command<RefreshedSystem[]> {
  constructor(readonly vocabularyIds: string[] = []) {
    super();
  }
}
