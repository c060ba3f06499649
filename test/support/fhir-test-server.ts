import { createPublicKey, randomBytes, verify, type JsonWebKey } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getStatus, parseSearchRequest } from '@medplum/core';
import { FhirRouter, MemoryRepository, type HttpMethod } from '@medplum/fhir-router';
import {
  applyFhirPathPatch,
  isFhirPathPatch,
  loadFhirDefinitions,
  topLevelJsonPatch,
  type Bundle,
  type Resource,
} from '@app/fhir';

/**
 * A real FHIR R4 server for the suites (medplum's router over an in-memory repository)
 * with an OAuth token endpoint, that can be made to behave like servers in the field:
 * demand bearer tokens (client_secret and SMART jwt flows, the assertion checked against
 * the JWKS the service publishes), expire every token, leave urn:uuid references of
 * transactions unresolved, or answer 429/503 a number of times.
 */
/**
 * Settings for an API that calls this server on the loopback address with short retries and
 * timeouts, so that a test of a failing call does not wait for production back-offs.
 */
export const LOOPBACK_FHIR_CLIENT_SETTINGS = {
  FHIR_OUTBOUND_ALLOW_LOOPBACK: 'true',
  FHIR_CLIENT_RETRY_BASE_MS: '20',
  FHIR_CLIENT_MAX_RETRIES: '1',
  FHIR_CLIENT_MAX_RETRY_DELAY_MS: '200',
  FHIR_CLIENT_TIMEOUT_MS: '2000',
};

export interface TokenRequestRecord {
  grantType: string;
  clientId?: string;
  scope?: string;
  method: 'client_secret_basic' | 'private_key_jwt' | 'jwt_bearer_grant';
}

export class FhirTestServer {
  requireAuth = true;
  resolveUrnReferences = true;
  tokenLifetimeSeconds = 3600;
  readonly tokenRequests: TokenRequestRecord[] = [];
  readonly fhirRequests: {
    method: string;
    url: string;
    authorization?: string;
    headers: IncomingMessage['headers'];
  }[] = [];
  /** Failures that happened while verifying a token request, for assertions. */
  readonly refusals: string[] = [];

  private readonly server: Server;
  private readonly router = new FhirRouter();
  private readonly repository = new MemoryRepository();
  private readonly secretClients = new Map<string, string>();
  private readonly jwtClients = new Map<string, string>();
  private readonly serviceAccounts = new Map<string, string>();
  private readonly tokens = new Map<string, number>();
  private readonly usedJtis = new Set<string>();
  private failures: { status: number; retryAfter?: string }[] = [];
  private stalls = 0;
  /** Requests still to be served before the stalls begin (see stallNext). */
  private servedBeforeStall = 0;
  private readonly stalled: (() => void)[] = [];
  private origin = '';

  constructor() {
    loadFhirDefinitions();
    this.server = createServer((request, response) => {
      void this.handle(request, response).catch((error: Error) => {
        response.writeHead(500, { 'Content-Type': 'text/plain' }).end(error.message);
      });
    });
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  get fhirBase(): string {
    return `${this.origin}/fhir`;
  }

  get tokenUrl(): string {
    return `${this.origin}/oauth/token`;
  }

  registerSecretClient(clientId: string, secret: string): void {
    this.secretClients.set(clientId, secret);
  }

  /** A SMART backend services client whose keys the server fetches from `jwksUrl`. */
  registerJwtClient(clientId: string, jwksUrl: string): void {
    this.jwtClients.set(clientId, jwksUrl);
  }

  registerServiceAccount(clientEmail: string, publicKeyPem: string): void {
    this.serviceAccounts.set(clientEmail, publicKeyPem);
  }

  /** A token the server accepts without issuing it (what a caller passes through). */
  acceptToken(token: string): void {
    this.tokens.set(token, Date.now() + this.tokenLifetimeSeconds * 1000);
  }

  /** Every token issued so far stops working, as if it had expired. */
  expireAllTokens(): void {
    this.tokens.clear();
  }

  /** Back to a well-behaved server: no pending failures or stalls, tokens required. */
  reset(): void {
    this.failures = [];
    this.stalls = 0;
    this.servedBeforeStall = 0;
    this.requireAuth = true;
    this.resolveUrnReferences = true;
    this.tokenLifetimeSeconds = 3600;
  }

  /**
   * The next `times` FHIR requests get no answer until `releaseStalled()` (or never, when the
   * server closes first); with `after`, that many requests are served first.
   */
  stallNext(times = 1, after = 0): void {
    this.stalls += times;
    this.servedBeforeStall = after;
  }

  /** The stalled requests are served now. */
  releaseStalled(): void {
    for (const release of this.stalled.splice(0)) release();
  }

  /** The next `times` FHIR requests answer `status` (e.g. 429) before being served. */
  failNext(status: number, times = 1, retryAfter?: string): void {
    for (let index = 0; index < times; index++) this.failures.push({ status, retryAfter });
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', this.origin);
    const body = await readBody(request);
    if (url.pathname === '/oauth/token' && request.method === 'POST') {
      return this.token(request, new URLSearchParams(body), response);
    }
    if (url.pathname === '/fhir/.well-known/smart-configuration') {
      return json(response, 200, {
        token_endpoint: this.tokenUrl,
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'private_key_jwt'],
        grant_types_supported: ['client_credentials'],
      });
    }
    if (!url.pathname.startsWith('/fhir')) return json(response, 404, { error: 'not found' });
    this.fhirRequests.push({
      method: request.method ?? 'GET',
      url: url.pathname + url.search,
      authorization: request.headers.authorization,
      headers: request.headers,
    });
    if (this.servedBeforeStall > 0) this.servedBeforeStall--;
    else if (this.stalls > 0) {
      this.stalls--;
      await new Promise<void>((resolve) => this.stalled.push(resolve));
    }
    const failure = this.failures.shift();
    if (failure) {
      const headers: Record<string, string> = failure.retryAfter
        ? { 'Retry-After': failure.retryAfter }
        : {};
      return fhirJson(response, failure.status, outcome('throttled', 'Try again later'), headers);
    }
    if (this.requireAuth && !this.authorized(request.headers.authorization)) {
      return fhirJson(response, 401, outcome('login', 'Invalid or expired token'), {
        'WWW-Authenticate': 'Bearer error="invalid_token"',
      });
    }
    return this.fhir(
      request.method as HttpMethod,
      url,
      body ? (JSON.parse(body) as unknown) : undefined,
      response,
      request.headers,
    );
  }

  private authorized(header: string | undefined): boolean {
    const token = /^Bearer (.+)$/.exec(header ?? '')?.[1];
    const expiresAt = token ? this.tokens.get(token) : undefined;
    return expiresAt !== undefined && expiresAt > Date.now();
  }

  private async fhir(
    method: HttpMethod,
    url: URL,
    body: unknown,
    response: ServerResponse,
    headers: IncomingMessage['headers'] = {},
  ): Promise<void> {
    const path = url.pathname.slice('/fhir'.length) || '/';
    if (method === 'POST' && path === '/' && !this.resolveUrnReferences) {
      return fhirJson(response, 200, await this.naiveTransaction(body as Bundle));
    }
    if (method === 'PATCH' && isFhirPathPatch(body)) {
      // FHIRPath Patch, as servers in the field (HAPI) accept it, turned into the router's JSON Patch.
      const [type, id] = path.replace(/^\//, '').split('/');
      const current = await this.repository.readResource(type, id);
      body = topLevelJsonPatch(current, applyFhirPathPatch(current, body));
    }
    const [result, resource] = await this.router.handleRequest(
      {
        method,
        url: `${path}${url.search}`,
        pathname: '',
        params: {},
        query: {},
        body,
        // The conditional headers (If-Match, If-None-Exist) reach the router as sent.
        headers,
        config: { transactions: true },
      },
      this.repository,
    );
    const status = getStatus(result);
    if (resource?.resourceType === 'Bundle' && resource.type === 'searchset')
      this.addPaging(resource, path, url);
    const answerHeaders: Record<string, string> = {};
    if (resource && resource.resourceType !== 'Bundle' && resource.meta?.versionId) {
      answerHeaders.ETag = `W/"${resource.meta.versionId}"`;
      if (resource.meta.lastUpdated)
        answerHeaders['Last-Modified'] = new Date(resource.meta.lastUpdated).toUTCString();
    }
    if (status === 201 && resource)
      answerHeaders.Location = `${this.fhirBase}/${resource.resourceType}/${resource.id}`;
    fhirJson(response, status, resource ?? result, answerHeaders);
  }

  /** Like servers that store each entry as written: references to urn:uuid stay as they are. */
  private async naiveTransaction(bundle: Bundle): Promise<Bundle> {
    const entry = [];
    for (const item of bundle.entry ?? []) {
      const resource: Resource = { ...(item.resource as Resource) };
      delete resource.id;
      const created = await this.repository.createResource(resource);
      entry.push({
        resource: created,
        response: { status: '201 Created', location: `${created.resourceType}/${created.id}` },
      });
    }
    return { resourceType: 'Bundle', type: 'transaction-response', entry };
  }

  private addPaging(bundle: Bundle, path: string, url: URL): void {
    const request = parseSearchRequest(
      path.replace(/^\//, ''),
      Object.fromEntries(url.searchParams),
    );
    const offset = request.offset ?? 0;
    const count = request.count ?? 20;
    if ((bundle.total ?? 0) > offset + count) {
      const next = new URLSearchParams(url.searchParams);
      next.set('_offset', String(offset + count));
      next.set('_count', String(count));
      bundle.link = [{ relation: 'next', url: `${this.fhirBase}${path}?${next.toString()}` }];
    }
  }

  private async token(
    request: IncomingMessage,
    form: URLSearchParams,
    response: ServerResponse,
  ): Promise<void> {
    const grantType = form.get('grant_type') ?? '';
    const refuse = (why: string) => {
      this.refusals.push(why);
      json(response, 401, { error: 'invalid_client', error_description: why });
    };
    let record: TokenRequestRecord;
    if (grantType === 'urn:ietf:params:oauth:grant-type:jwt-bearer') {
      const claims = this.verifyServiceAccountAssertion(form.get('assertion') ?? '');
      if (typeof claims === 'string') return refuse(claims);
      record = {
        grantType,
        clientId: claims.iss as string,
        scope: claims.scope as string,
        method: 'jwt_bearer_grant',
      };
    } else if (grantType !== 'client_credentials') {
      return json(response, 400, { error: 'unsupported_grant_type' });
    } else if (form.get('client_assertion')) {
      if (
        form.get('client_assertion_type') !==
        'urn:ietf:params:oauth:client-assertion-type:jwt-bearer'
      ) {
        return refuse('wrong client_assertion_type');
      }
      const clientId = await this.verifyClientAssertion(form.get('client_assertion') ?? '');
      if (clientId.startsWith('!')) return refuse(clientId.slice(1));
      record = {
        grantType,
        clientId,
        scope: form.get('scope') ?? undefined,
        method: 'private_key_jwt',
      };
    } else {
      const [clientId, secret] = Buffer.from(
        (request.headers.authorization ?? '').replace(/^Basic /, ''),
        'base64',
      )
        .toString('utf8')
        .split(':')
        .map(decodeURIComponent);
      if (!clientId || this.secretClients.get(clientId) !== secret)
        return refuse('bad client credentials');
      record = {
        grantType,
        clientId,
        scope: form.get('scope') ?? undefined,
        method: 'client_secret_basic',
      };
    }
    this.tokenRequests.push(record);
    const token = randomBytes(24).toString('base64url');
    this.tokens.set(token, Date.now() + this.tokenLifetimeSeconds * 1000);
    json(response, 200, {
      access_token: token,
      token_type: 'bearer',
      expires_in: this.tokenLifetimeSeconds,
      scope: record.scope,
    });
  }

  /** SMART Backend Services: RS384, kid from the client's published JWKS, aud = token URL, ≤ 5 min. */
  private async verifyClientAssertion(assertion: string): Promise<string> {
    const parts = decodeJwt(assertion);
    if (!parts) return '!assertion is not a JWT';
    const { header, claims, signingInput, signature } = parts;
    if (header.alg !== 'RS384') return `!alg ${String(header.alg)} is not RS384`;
    const clientId = claims.iss;
    const jwksUrl = typeof clientId === 'string' ? this.jwtClients.get(clientId) : undefined;
    if (!jwksUrl || claims.sub !== clientId) return '!unknown client';
    if (claims.aud !== this.tokenUrl) return `!aud ${String(claims.aud)} is not the token URL`;
    const now = Math.floor(Date.now() / 1000);
    if (typeof claims.exp !== 'number' || claims.exp <= now || claims.exp > now + 300)
      return '!bad exp';
    if (typeof claims.jti !== 'string' || this.usedJtis.has(claims.jti))
      return '!jti missing or reused';
    const jwks = (await (await fetch(jwksUrl)).json()) as {
      keys: (JsonWebKey & { kid: string })[];
    };
    const jwk = jwks.keys.find((key) => key.kid === header.kid);
    if (!jwk) return `!no key ${String(header.kid)} in the JWKS`;
    const valid = verify(
      'sha384',
      Buffer.from(signingInput),
      createPublicKey({ key: jwk, format: 'jwk' }),
      signature,
    );
    if (!valid) return '!signature does not verify';
    this.usedJtis.add(claims.jti);
    return clientId as string;
  }

  private verifyServiceAccountAssertion(assertion: string): Record<string, unknown> | string {
    const parts = decodeJwt(assertion);
    if (!parts) return 'assertion is not a JWT';
    const publicKey = this.serviceAccounts.get(String(parts.claims.iss));
    if (!publicKey || parts.header.alg !== 'RS256') return 'unknown service account or algorithm';
    if (parts.claims.aud !== this.tokenUrl) return 'aud is not the token URL';
    if (!verify('sha256', Buffer.from(parts.signingInput), publicKey, parts.signature))
      return 'signature does not verify';
    return parts.claims;
  }
}

function decodeJwt(token: string) {
  const [header, payload, signature] = token.split('.');
  if (!header || !payload || !signature) return undefined;
  try {
    return {
      header: JSON.parse(Buffer.from(header, 'base64url').toString()) as Record<string, unknown>,
      claims: JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>,
      signingInput: `${header}.${payload}`,
      signature: Buffer.from(signature, 'base64url'),
    };
  } catch {
    return undefined;
  }
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function outcome(code: string, text: string) {
  return {
    resourceType: 'OperationOutcome',
    issue: [{ severity: 'error', code, details: { text } }],
  };
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
}

function fhirJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  response
    .writeHead(status, { 'Content-Type': 'application/fhir+json', ...headers })
    .end(JSON.stringify(body));
}
