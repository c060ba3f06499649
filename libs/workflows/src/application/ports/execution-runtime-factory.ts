import type { ExecutionRuntime } from '../../domain/execution/run-types.js';

/** Headers of the execute request that shape FHIR access (token passthrough, on-behalf-of). */
export interface FhirAccessOptions {
  providerTokens?: ReadonlyMap<string, string>;
  onBehalfOf?: string;
}

/** A runtime for one run: FHIR clients of the account's providers, lang2fhir, and its workflows. */
export abstract class ExecutionRuntimeFactory {
  abstract create(accountId: string, access: FhirAccessOptions): ExecutionRuntime;
}
