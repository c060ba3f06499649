export { FhirProviderModule } from './fhir-provider.module.js';
export { FhirClients, type FhirClientOptions } from './application/ports/fhir-clients.js';
export { ProviderDirectory, type ProviderSummary } from './application/ports/provider-directory.js';
export { parseProviderTokens, parseOnBehalfOf } from './domain/request-headers.js';
export { sandboxProviderId, SANDBOX_PROVIDER_NAME } from './domain/sandbox-provider.js';
export { PROVIDER_TYPES, type ProviderType } from './domain/provider-types.js';
export { AUTH_METHODS, type AuthMethod } from './domain/auth-config.js';
