import { AppError } from '@app/shared';
import {
  OutboundError,
  type FhirSettings,
  type OutboundHttp,
  type OutboundResponse,
} from '@app/fhir';
import type { IssuedToken } from './token-cache.js';

const DISCOVERY_TTL_MS = 60 * 60 * 1000;
const DEFAULT_EXPIRES_IN = 300;

/**
 * OAuth 2.0 token requests and SMART configuration discovery, through the same checked
 * outbound HTTP as FHIR requests. Errors never echo credentials: only the server's OAuth
 * `error` and `error_description`.
 */
export class TokenEndpointClient {
  private readonly discovered = new Map<string, { tokenUrl: string; until: number }>();

  constructor(
    private readonly http: OutboundHttp,
    private readonly settings: FhirSettings,
  ) {}

  /** `token_endpoint` of `{base}/.well-known/smart-configuration`, cached for an hour. */
  async discoverTokenEndpoint(baseUrl: string): Promise<string> {
    const cached = this.discovered.get(baseUrl);
    if (cached && Date.now() < cached.until) return cached.tokenUrl;
    const url = new URL(`${baseUrl}/.well-known/smart-configuration`);
    const response = await this.send(url, {
      method: 'GET',
      headers: { Accept: 'application/json' },
    });
    const tokenUrl = (parseJson(response) as { token_endpoint?: unknown } | undefined)
      ?.token_endpoint;
    if (response.status !== 200 || typeof tokenUrl !== 'string' || !/^https?:\/\//.test(tokenUrl)) {
      throw new AppError(
        502,
        'FHIR_PROVIDER.TOKEN_ENDPOINT_UNKNOWN',
        `${url.host} publishes no usable SMART configuration (${url.pathname} answered ${response.status}); set token_url in the auth configuration`,
      );
    }
    this.discovered.set(baseUrl, { tokenUrl, until: Date.now() + DISCOVERY_TTL_MS });
    return tokenUrl;
  }

  async requestToken(
    tokenUrl: string,
    form: Record<string, string>,
    basic?: { username: string; password: string },
  ): Promise<IssuedToken> {
    const url = new URL(tokenUrl);
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Content-Type': 'application/x-www-form-urlencoded',
    };
    if (basic) {
      // RFC 6749 §2.3.1: both parts form-encoded before Basic encoding.
      const pair = `${encodeURIComponent(basic.username)}:${encodeURIComponent(basic.password)}`;
      headers.Authorization = `Basic ${Buffer.from(pair).toString('base64')}`;
    }
    const response = await this.send(url, {
      method: 'POST',
      headers,
      body: new URLSearchParams(form).toString(),
    });
    const body = parseJson(response) as
      | {
          access_token?: unknown;
          token_type?: unknown;
          expires_in?: unknown;
          error?: unknown;
          error_description?: unknown;
        }
      | undefined;
    if (
      response.status !== 200 ||
      typeof body?.access_token !== 'string' ||
      body.access_token === ''
    ) {
      const error = typeof body?.error === 'string' ? body.error.slice(0, 100) : undefined;
      const description =
        typeof body?.error_description === 'string'
          ? body.error_description.slice(0, 500)
          : undefined;
      throw new AppError(
        502,
        'FHIR_PROVIDER.TOKEN_REQUEST_FAILED',
        `The token endpoint ${url.host} refused the token request (${response.status}${error ? ` ${error}` : ''}${description ? `: ${description}` : ''})`,
        { upstream_status: response.status, error, error_description: description },
      );
    }
    if (typeof body.token_type === 'string' && body.token_type.toLowerCase() !== 'bearer') {
      throw new AppError(
        502,
        'FHIR_PROVIDER.TOKEN_REQUEST_FAILED',
        `The token endpoint ${url.host} issued a ${body.token_type} token; only bearer tokens are supported`,
      );
    }
    const expiresIn = Number(body.expires_in);
    return {
      accessToken: body.access_token,
      expiresIn: Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : DEFAULT_EXPIRES_IN,
    };
  }

  private async send(
    url: URL,
    request: { method: string; headers: Record<string, string>; body?: string },
  ): Promise<OutboundResponse> {
    try {
      return await this.http.send({
        ...request,
        url,
        timeoutMs: this.settings.timeoutMs,
        maxResponseBytes: 1024 * 1024,
      });
    } catch (error) {
      if (!(error instanceof OutboundError)) throw error;
      if (error.failure === 'refused-target' || error.failure === 'invalid-url') {
        throw AppError.badRequest('FHIR_PROVIDER.TARGET_REFUSED', error.message);
      }
      throw new AppError(502, 'FHIR_PROVIDER.TOKEN_ENDPOINT_UNREACHABLE', error.message);
    }
  }
}

function parseJson(response: OutboundResponse): unknown {
  try {
    return JSON.parse(response.body.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}
