import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FhirSettings, OutboundHttp } from '@app/fhir';
import { AppError } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenEndpointClient } from './token-endpoint-client.js';

describe('TokenEndpointClient against a real local server', () => {
  let server: Server;
  let origin: string;
  const requests: { url?: string; authorization?: string; body: string }[] = [];
  let answer: (request: IncomingMessage, response: ServerResponse) => void = () => undefined;

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        requests.push({ url: request.url, authorization: request.headers.authorization, body });
        answer(request, response);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const client = () =>
    new TokenEndpointClient(
      new OutboundHttp({
        allowLoopback: true,
        allowPrivate: true,
        allowLinkLocal: false,
        allowSpecialPurpose: false,
      }),
      FhirSettings.fromEnv({}),
    );
  const json =
    (status: number, body: unknown) => (_request: IncomingMessage, response: ServerResponse) =>
      response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));

  async function failure(work: Promise<unknown>): Promise<AppError> {
    const error = await work.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    if (!(error instanceof AppError)) throw new Error('expected an AppError');
    return error;
  }

  it('discovers the token endpoint from the SMART configuration, once', async () => {
    answer = json(200, { token_endpoint: `${origin}/token` });
    const tokens = client();
    requests.length = 0;
    expect(await tokens.discoverTokenEndpoint(`${origin}/fhir`)).toBe(`${origin}/token`);
    expect(await tokens.discoverTokenEndpoint(`${origin}/fhir`)).toBe(`${origin}/token`);
    expect(requests.map((request) => request.url)).toEqual([
      '/fhir/.well-known/smart-configuration',
    ]);
    answer = json(404, {});
    expect((await failure(client().discoverTokenEndpoint(`${origin}/other`))).code).toBe(
      'FHIR_PROVIDER.TOKEN_ENDPOINT_UNKNOWN',
    );
  });

  it('sends client credentials form-encoded in Basic, and reads the token', async () => {
    answer = json(200, { access_token: 'abc', token_type: 'Bearer', expires_in: 120 });
    requests.length = 0;
    const token = await client().requestToken(
      `${origin}/token`,
      { grant_type: 'client_credentials', scope: 'a b' },
      { username: 'id:1', password: 'p@ss/w' },
    );
    expect(token).toEqual({ accessToken: 'abc', expiresIn: 120 });
    expect(requests[0].body).toBe('grant_type=client_credentials&scope=a+b');
    expect(Buffer.from(requests[0].authorization!.slice(6), 'base64').toString()).toBe(
      'id%3A1:p%40ss%2Fw',
    );
    answer = json(200, { access_token: 'abc' });
    expect((await client().requestToken(`${origin}/token`, {})).expiresIn).toBe(300);
  });

  it('reports refusals with the OAuth error only, and odd answers clearly', async () => {
    answer = json(401, { error: 'invalid_client', error_description: 'unknown client' });
    const refused = await failure(
      client().requestToken(`${origin}/token`, {}, { username: 'u', password: 'the-password' }),
    );
    expect(refused.status).toBe(502);
    expect(refused.code).toBe('FHIR_PROVIDER.TOKEN_REQUEST_FAILED');
    expect(refused.message).toContain('invalid_client: unknown client');
    expect(JSON.stringify([refused.message, refused.details])).not.toContain('the-password');
    answer = json(200, { access_token: 'x', token_type: 'mac' });
    expect((await failure(client().requestToken(`${origin}/token`, {}))).message).toContain(
      'only bearer',
    );
    answer = (_request, response) => response.end('not json');
    expect((await failure(client().requestToken(`${origin}/token`, {}))).code).toBe(
      'FHIR_PROVIDER.TOKEN_REQUEST_FAILED',
    );
    expect((await failure(client().requestToken('http://169.254.169.254/token', {}))).code).toBe(
      'FHIR_PROVIDER.TARGET_REFUSED',
    );
  });
});
