import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { CountAccountsQuery, CreateApiClientCommand } from '@app/auth';
import { AppConfig } from '@app/shared';

/**
 * On the very first start of an embedded instance (no account yet), creates a demo
 * client on the paid plan and prints its credentials. They are not shown again.
 */
@Injectable()
export class DemoClientSeeder implements OnApplicationBootstrap {
  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.createDemoClient) return;
    if ((await this.queries.execute(new CountAccountsQuery())) > 0) return;
    const credentials = await this.commands.execute(
      new CreateApiClientCommand('demo', 'paid', 'demo'),
    );
    const base = `http://localhost:${this.config.port}`;
    process.stdout.write(
      [
        '',
        '================================================================',
        ' Demo API client created. Save these now: they are shown once.',
        `   client_id:     ${credentials.clientId}`,
        `   client_secret: ${credentials.clientSecret}`,
        ' Get a token:',
        `   curl -s -X POST -u '${credentials.clientId}:${credentials.clientSecret}' ${base}/v2/auth/token`,
        '================================================================',
        '',
      ].join('\n') + '\n',
    );
  }
}
