import type { INestApplicationContext } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AuthCoreModule, CreateApiClientCommand, isPlan, PLANS } from '@app/auth';
import type { AppConfig, Plan } from '@app/shared';
import type { CliCommand } from './cli-command.js';
import { migrate } from './migrate.command.js';
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

async function createClient(
  app: INestApplicationContext,
  config: AppConfig,
  options: ClientsCreateOptions,
): Promise<void> {
  checkClientsCreateOptions(options);
  if (config.runMigrations) await migrate(app, config);
  const credentials = await app
    .get(CommandBus)
    .execute(
      new CreateApiClientCommand(
        options.account,
        options.plan,
        options.name ?? `${options.account}-cli`,
      ),
    );
  if (options.json) {
    process.stdout.write(
      `${JSON.stringify({ client_id: credentials.clientId, client_secret: credentials.clientSecret })}\n`,
    );
    return;
  }
  process.stdout.write(
    [
      `API client created for account "${credentials.accountName}" (plan: ${credentials.plan}).`,
      `  client_id:     ${credentials.clientId}`,
      `  client_secret: ${credentials.clientSecret}`,
      'The secret is shown once; only its hash is stored.',
    ].join('\n') + '\n',
  );
}

export const clientsCreateCommand: CliCommand<ClientsCreateOptions> = {
  check: checkClientsCreateOptions,
  imports: () => [AuthCoreModule],
  run: createClient,
};
