import type { ReferenceFixup } from '../../domain/bundle/reference-fixup.js';

export type NewReferenceFixup = Pick<
  ReferenceFixup,
  'id' | 'accountId' | 'provider' | 'onBehalfOf' | 'sealedToken' | 'updates'
>;

export abstract class ReferenceFixupRepository {
  abstract create(fixup: NewReferenceFixup): Promise<ReferenceFixup>;
  /** The account's own fix-up, else null (another account's answers 404). */
  abstract findOwned(accountId: string, id: string): Promise<ReferenceFixup | null>;
  // Unscoped: for the job, which acts for the account stored in the row.
  abstract findById(id: string): Promise<ReferenceFixup | null>;
  /** Every fix-up still pending, of any account (to enqueue again at start). */
  abstract listPending(): Promise<ReferenceFixup[]>;
  /** Ends a pending fix-up; both also forget its sealed token. */
  abstract complete(id: string, updated: string[]): Promise<void>;
  abstract fail(id: string, reason: string): Promise<void>;
}
