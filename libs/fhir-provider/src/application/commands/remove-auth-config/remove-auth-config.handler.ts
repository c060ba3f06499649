import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { removeAuthConfig, type FhirProvider } from '../../../domain/fhir-provider.js';
import { FhirProviderRepository } from '../../ports/fhir-provider.repository.js';
import { ProviderAuthorizers } from '../../ports/provider-authorizers.js';
import { assertNotSandbox, providerNotFound } from '../../services/sandbox-guard.js';
import { RemoveAuthConfigCommand } from './remove-auth-config.command.js';

@CommandHandler(RemoveAuthConfigCommand)
export class RemoveAuthConfigHandler implements ICommandHandler<RemoveAuthConfigCommand> {
  constructor(
    private readonly providers: FhirProviderRepository,
    private readonly authorizers: ProviderAuthorizers,
  ) {}

  async execute({
    accountId,
    providerId,
    authConfigId,
  }: RemoveAuthConfigCommand): Promise<FhirProvider> {
    assertNotSandbox(accountId, providerId);
    const updated = await this.providers.update(accountId, providerId, (provider) =>
      removeAuthConfig(provider, authConfigId, new Date()),
    );
    if (!updated) throw providerNotFound(providerId);
    this.authorizers.forget([authConfigId]);
    return updated;
  }
}
