import type { MigrationInterface } from 'typeorm';
import { CreateCodeSystems1732262550000 } from './infrastructure/persistence/migrations/1732262550000-create-code-systems.js';
import { CreateConstrueFeedback1732265000000 } from './infrastructure/persistence/migrations/1732265000000-create-construe-feedback.js';
import { CreateConstrueLexemes1732264000000 } from './infrastructure/persistence/migrations/1732264000000-create-construe-lexemes.js';
import { AddConstrueSearchText1732266400000 } from './infrastructure/persistence/migrations/1732266400000-add-construe-search-text.js';
import { DropUnusedSearchIndexes1732266500000 } from './infrastructure/persistence/migrations/1732266500000-drop-unused-search-indexes.js';
import { HideLoadingCodeSystems1732266800000 } from './infrastructure/persistence/migrations/1732266800000-hide-loading-code-systems.js';

/** This library's migrations, in order; libs/migrations appends them to the global list. */
export const CONSTRUE_MIGRATIONS: (new () => MigrationInterface)[] = [
  CreateCodeSystems1732262550000,
  CreateConstrueLexemes1732264000000,
  CreateConstrueFeedback1732265000000,
  AddConstrueSearchText1732266400000,
  DropUnusedSearchIndexes1732266500000,
  HideLoadingCodeSystems1732266800000,
];
