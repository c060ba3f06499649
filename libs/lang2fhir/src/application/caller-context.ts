/** What the caller's headers say for the FHIR server (see parseProviderTokens, parseOnBehalfOf). */
export interface CallerFhirContext {
  providerTokens?: ReadonlyMap<string, string>;
  onBehalfOf?: string;
}

/** A patient acting for themself (`X-Service-On-Behalf-Of: Patient/<id>`) is the subject of what they create. */
export function patientOf(context: CallerFhirContext): string | undefined {
  return context.onBehalfOf?.startsWith('Patient/') ? context.onBehalfOf : undefined;
}
