import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { addAuthConfig, type FhirProvider } from '../../../domain/fhir-provider.js';
import { FhirProviderRepository } from '../../ports/fhir-provider.repository.js';
import { AuthConfigFactory } from '../../services/auth-config-factory.js';
import { assertNotSandbox, providerNotFound } from '../../services/sandbox-guard.js';
import { AddAuthConfigCommand } from './add-auth-config.command.js';

@CommandHandler(AddAuthConfigCommand)
export class AddAuthConfigHandler implements ICommandHandler<AddAuthConfigCommand> {
  constructor(
    private readonly providers: FhirProviderRepository,
    private readonly authConfigs: AuthConfigFactory,
  ) {}

  async execute({ accountId, providerId, auth }: AddAuthConfigCommand): Promise<FhirProvider> {
    assertNotSandbox(accountId, providerId);
    const existing = await this.providers.findOwned(accountId, providerId);
    if (!existing) throw providerNotFound(providerId);
    // Keys are made before the row lock is taken: generation takes a while.
    const now = new Date();
    const config = await this.authConfigs.create(accountId, existing.provider, auth, now);
    const updated = await this.providers.update(accountId, providerId, (provider) =>
      addAuthConfig(provider, config, now),
    );
    if (!updated) throw providerNotFound(providerId);
    return updated;
  }
}
