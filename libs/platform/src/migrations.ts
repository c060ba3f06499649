import type { MigrationInterface } from 'typeorm';
import { EnableExtensions1732262300000 } from './database/migrations/1732262300000-enable-extensions.js';

/** This library's migrations, in order; libs/migrations appends them to the global list. */
export const PLATFORM_MIGRATIONS: (new () => MigrationInterface)[] = [
  EnableExtensions1732262300000,
];
