import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { activateAuthConfig, type FhirProvider } from '../../../domain/fhir-provider.js';
import { FhirProviderRepository } from '../../ports/fhir-provider.repository.js';
import { assertNotSandbox, providerNotFound } from '../../services/sandbox-guard.js';
import { SetActiveAuthConfigCommand } from './set-active-auth-config.command.js';

@CommandHandler(SetActiveAuthConfigCommand)
export class SetActiveAuthConfigHandler implements ICommandHandler<SetActiveAuthConfigCommand> {
  constructor(private readonly providers: FhirProviderRepository) {}

  async execute({
    accountId,
    providerId,
    authConfigId,
  }: SetActiveAuthConfigCommand): Promise<FhirProvider> {
    assertNotSandbox(accountId, providerId);
    const updated = await this.providers.update(accountId, providerId, (provider) =>
      activateAuthConfig(provider, authConfigId, new Date()),
    );
    if (!updated) throw providerNotFound(providerId);
    return updated;
  }
}
