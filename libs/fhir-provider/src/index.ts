export { FhirProviderModule } from './fhir-provider.module.js';
export { FHIR_PROVIDER_MIGRATIONS } from './migrations.js';
export {
  GetFhirClientQuery,
  type FhirClientOptions,
} from './application/queries/get-fhir-client/get-fhir-client.query.js';
export {
  FindFhirProviderQuery,
  type ProviderSummary,
} from './application/queries/find-fhir-provider/find-fhir-provider.query.js';
export { parseProviderTokens, parseOnBehalfOf } from './domain/request-headers.js';
export { sandboxProviderId, SANDBOX_PROVIDER_NAME } from './domain/sandbox-provider.js';
export { PROVIDER_TYPES, type ProviderType } from './domain/provider-types.js';
export { AUTH_METHODS, type AuthMethod } from './domain/auth-config.js';
