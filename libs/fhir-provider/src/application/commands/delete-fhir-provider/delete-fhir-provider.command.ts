import { Command } from '@nestjs/cqrs';

export class DeleteFhirProviderCommand extends Command<void> {
  constructor(
    readonly accountId: string,
    readonly providerId: string,
  ) {
    super();
  }
}
