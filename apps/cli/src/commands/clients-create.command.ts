import type { INestApplicationContext } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AuthCoreModule, CreateApiClientCommand } from '@app/auth';
import type { AppConfig } from '@app/shared';
import type { CliCommand } from './cli-command.js';
import { checkClientsCreateOptions, type ClientsCreateOptions } from './clients-create.options.js';
import { migrate } from './migrate.command.js';

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
  imports: () => [AuthCoreModule],
  run: createClient,
};
