import type { MigrationInterface } from 'typeorm';
import { CreateAccountsAndClients1732262400000 } from './infrastructure/persistence/migrations/1732262400000-create-accounts-and-clients.js';

/** This library's migrations, in order; libs/migrations appends them to the global list. */
export const AUTH_MIGRATIONS: (new () => MigrationInterface)[] = [
  CreateAccountsAndClients1732262400000,
];
