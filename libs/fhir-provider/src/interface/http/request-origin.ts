import type { Request } from 'express';

/** The service's origin as callers (and FHIR servers) reach it: configured, else from the request. */
export function requestOrigin(request: Request, configured: string | undefined): string {
  return configured ?? `${request.protocol}://${request.get('host') ?? 'localhost'}`;
}
