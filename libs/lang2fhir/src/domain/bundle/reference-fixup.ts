import type { Resource } from '@app/fhir';

export type FixupStatus = 'pending' | 'completed' | 'failed';

/**
 * The follow-up PUTs of one multi-resource transaction whose server left `urn:uuid`
 * references unresolved. Kept in the database, so that any worker can run them and the
 * API can wait for (and report) their outcome.
 */
export interface ReferenceFixup {
  id: string;
  accountId: string;
  /** The provider as the caller named it (id or name); undefined for the sandbox. */
  provider?: string;
  onBehalfOf?: string;
  /** The caller's token for a token_passthrough provider, sealed (never in clear at rest). */
  sealedToken?: string;
  updates: Resource[];
  status: FixupStatus;
  /** `Type/id/_history/version` of each resource once updated. */
  updated: string[];
  error?: string;
  createdAt: Date;
  updatedAt: Date;
}
