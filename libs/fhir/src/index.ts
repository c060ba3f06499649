export { FhirModule } from './fhir.module.js';
export { FhirClient, type FhirTarget, type SearchParams } from './application/ports/fhir-client.js';
export type {
  FhirGateway,
  GatewayMethod,
  GatewayRequest,
  GatewayResponse,
} from './application/ports/fhir-gateway.js';
export { forwardedRequestHeaders } from './domain/gateway/gateway-headers.js';
export { rewriteBundleLinks } from './domain/gateway/link-rewriting.js';
export {
  type RequestAuthorizer,
  NO_AUTHORIZATION,
} from './application/ports/request-authorizer.js';
export {
  FhirClientFactory,
  SANDBOX_BASE_PATH,
} from './infrastructure/client/fhir-client-factory.js';
export { FhirSettings } from './infrastructure/config/fhir-settings.js';
export {
  OutboundHttp,
  OutboundError,
  type OutboundRequest,
  type OutboundResponse,
} from './infrastructure/outbound/outbound-http.js';
export { loadFhirDefinitions } from './domain/fhir-definitions.js';
export { parseRetryAfter } from './domain/client/retry-policy.js';
export type {
  Bundle,
  BundleEntry,
  CapabilityStatement,
  OperationOutcome,
  Reference,
  Resource,
} from './domain/fhir-types.js';
export {
  describeFinding,
  warningLines,
  type InputCheck,
  type InputFinding,
  type InputPolicyOptions,
} from './domain/input/input-policy.js';
export type { ConformedResource } from './domain/input/conform-resource.js';
export { r4IssuesInThread } from './domain/input/r4-validation.js';
export {
  checkFhirInput,
  conformResource,
} from './infrastructure/validation/off-thread-input-policy.js';
export { ProfileCatalog } from './application/ports/profile-catalog.js';
export { boundValueSetUrls } from './domain/profiles/bound-value-set-urls.js';
export { implicitValueSet } from './domain/profiles/value-set-bindings.js';
export type { CustomProfile } from './domain/profiles/custom-profile.js';
export { applyProfile, type ProfiledResource } from './domain/profiles/apply-profile.js';
export { BuiltinProfileCatalog } from './application/ports/builtin-profile-catalog.js';
export type { BuiltinProfile } from './domain/profiles/builtin-profiles.js';
export {
  applyFhirPathPatch,
  isFhirPathPatch,
  topLevelJsonPatch,
} from './domain/resource/fhirpath-patch.js';
