import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { AppError } from '@app/shared';
import { TOKEN_METHODS } from '../../../domain/auth-config.js';
import { normalizeBaseUrl } from '../../../domain/base-url.js';
import type { FhirProvider } from '../../../domain/fhir-provider.js';
import { SANDBOX } from '../../../domain/provider-types.js';
import { SANDBOX_PROVIDER_NAME } from '../../../domain/sandbox-provider.js';
import { FhirProviderRepository } from '../../ports/fhir-provider.repository.js';
import { AuthConfigFactory } from '../../services/auth-config-factory.js';
import { OutboundTargetCheck } from '../../services/outbound-target-check.js';
import { CreateFhirProviderCommand } from './create-fhir-provider.command.js';

@CommandHandler(CreateFhirProviderCommand)
export class CreateFhirProviderHandler implements ICommandHandler<CreateFhirProviderCommand> {
  constructor(
    private readonly providers: FhirProviderRepository,
    private readonly authConfigs: AuthConfigFactory,
    private readonly targets: OutboundTargetCheck,
  ) {}

  async execute({ accountId, provider: input }: CreateFhirProviderCommand): Promise<FhirProvider> {
    if (input.provider === SANDBOX) {
      throw AppError.forbidden(
        'FHIR_PROVIDER.SANDBOX_READ_ONLY',
        'sandbox providers are managed by the service and cannot be created; every account already has one',
      );
    }
    const name = input.name.trim();
    if (name.toLowerCase() === SANDBOX_PROVIDER_NAME) {
      throw AppError.conflict(
        'FHIR_PROVIDER.NAME_TAKEN',
        'The name "sandbox" is reserved for the sandbox provider',
      );
    }
    const baseUrl = normalizeBaseUrl(input.baseUrl);
    await this.targets.assertAllowed(baseUrl, 'base_url');
    const auth =
      input.auth.client_id === undefined &&
      input.clientId !== undefined &&
      TOKEN_METHODS.has(input.auth.auth_method)
        ? { ...input.auth, client_id: input.clientId }
        : input.auth;
    const now = new Date();
    const config = await this.authConfigs.create(accountId, input.provider, auth, now);
    const provider: FhirProvider = {
      id: randomUUID(),
      accountId,
      name,
      description: input.description,
      provider: input.provider,
      baseUrl,
      authConfigs: [config],
      activeAuthConfigId: config.id,
      createdAt: now,
      updatedAt: now,
    };
    await this.providers.insert(provider);
    return provider;
  }
}
