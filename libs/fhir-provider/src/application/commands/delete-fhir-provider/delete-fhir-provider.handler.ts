import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { FhirProviderRepository } from '../../ports/fhir-provider.repository.js';
import { ProviderAuthorizers } from '../../ports/provider-authorizers.js';
import { assertNotSandbox, providerNotFound } from '../../services/sandbox-guard.js';
import { DeleteFhirProviderCommand } from './delete-fhir-provider.command.js';

@CommandHandler(DeleteFhirProviderCommand)
export class DeleteFhirProviderHandler implements ICommandHandler<DeleteFhirProviderCommand> {
  constructor(
    private readonly providers: FhirProviderRepository,
    private readonly authorizers: ProviderAuthorizers,
  ) {}

  async execute({ accountId, providerId }: DeleteFhirProviderCommand): Promise<void> {
    assertNotSandbox(accountId, providerId);
    const deleted = await this.providers.deleteOwned(accountId, providerId);
    if (!deleted) throw providerNotFound(providerId);
    this.authorizers.forget(deleted.authConfigs.map((config) => config.id));
  }
}
