import { Command } from '@nestjs/cqrs';

export interface OwnClientCredentials {
  clientId: string;
  clientSecret: string;
  name: string;
}

/** A caller adds another client to its own account (secret rotation without an operator). */
export class AddOwnClientCommand extends Command<OwnClientCredentials> {
  constructor(
    readonly accountId: string,
    readonly name: string,
  ) {
    super();
  }
}
