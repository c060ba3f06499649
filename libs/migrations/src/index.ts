import { CreateAccountsAndClients1732262400000 } from '@app/auth';
import { CONSTRUE_MIGRATIONS } from '@app/construe';
import { FHIR_MIGRATIONS } from '@app/fhir';
import { FHIR_PROVIDER_MIGRATIONS } from '@app/fhir-provider';
import { EnableExtensions1732262300000 } from '@app/platform';
import { SUMMARY_MIGRATIONS } from '@app/summary';
import { VOCABULARY_MIGRATIONS } from '@app/vocabulary';

/**
 * Every library's migrations: the one place that knows them all. Each library owns its
 * migrations; TypeORM applies pending ones in timestamp order, so libraries never
 * need to coordinate beyond picking a current timestamp.
 */
export const ALL_MIGRATIONS = [
  EnableExtensions1732262300000,
  CreateAccountsAndClients1732262400000,
  ...VOCABULARY_MIGRATIONS,
  ...CONSTRUE_MIGRATIONS,
  ...FHIR_MIGRATIONS,
  ...FHIR_PROVIDER_MIGRATIONS,
  ...SUMMARY_MIGRATIONS,
];
