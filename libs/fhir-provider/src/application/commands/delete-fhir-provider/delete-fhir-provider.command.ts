import { Command } from '@nestjs/cqrs';

export class DeleteFhirProviderCommand extends Command<void> {
  constructor(readonly providerId: string) {
    super();
  }
}
