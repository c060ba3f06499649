import { CreateAccountsAndClients1732262400000 } from '@app/auth';
import { EnableExtensions1732262300000 } from '@app/platform';

/**
 * Every library's migrations, in order: the one place that knows them all.
 * Each library owns its migrations; append new ones here.
 */
export const ALL_MIGRATIONS = [
  EnableExtensions1732262300000,
  CreateAccountsAndClients1732262400000,
];
