import { isPlan, PLANS, type Plan } from '@app/shared';
import { UsageError } from './usage-error.js';

export interface ClientsCreateOptions {
  account?: string;
  plan?: string;
  name?: string;
  json?: boolean;
}

/** Checked before anything opens the database: a usage mistake needs no database. */
export function checkClientsCreateOptions(
  options: ClientsCreateOptions,
): asserts options is ClientsCreateOptions & { account: string; plan: Plan } {
  if (!options.account) throw new UsageError('--account NAME is required');
  if (!isPlan(options.plan)) throw new UsageError(`--plan must be one of ${PLANS.join(', ')}`);
}
