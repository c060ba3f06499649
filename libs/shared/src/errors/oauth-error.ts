/**
 * Errors of the OAuth token endpoint (RFC 6749 §5.2). They keep the OAuth body shape
 * `{ error, error_description }` so standard OAuth clients understand them.
 */
export type OAuthErrorCode = 'invalid_request' | 'invalid_client' | 'unsupported_grant_type';

export class OAuthError extends Error {
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
    /** Set when the client is throttled: the answer is 429 with `Retry-After`. */
    readonly retryAfterSeconds?: number,
  ) {
    super(description);
    this.name = 'OAuthError';
  }

  get status(): number {
    if (this.retryAfterSeconds !== undefined) return 429;
    return this.error === 'invalid_client' ? 401 : 400;
  }

  get headers(): Record<string, string> {
    if (this.retryAfterSeconds !== undefined)
      return { 'Retry-After': String(this.retryAfterSeconds) };
    return this.error === 'invalid_client'
      ? { 'WWW-Authenticate': 'Basic realm="token", charset="UTF-8"' }
      : {};
  }

  toBody(): { error: OAuthErrorCode; error_description: string } {
    return { error: this.error, error_description: this.description };
  }
}
