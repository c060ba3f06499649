/**
 * Failed client authentications counted per client id, so that guessing one client's
 * secret is slowed down whatever addresses the guesses come from. Shared by replicas in
 * the server profile.
 */
export abstract class FailedAuthentications {
  /** Seconds until this client id may try again; 0 when it may try now. */
  abstract retryAfterSeconds(clientId: string): Promise<number>;
  abstract record(clientId: string): Promise<void>;
}
