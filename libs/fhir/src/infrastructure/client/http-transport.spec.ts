import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expectedFailure, type ExpectedFailure } from '@app/shared';
import { afterEach, describe, expect, it } from 'vitest';
import type { RequestAuthorizer } from '../../application/ports/request-authorizer.js';
import { OutboundHttp } from '../outbound/outbound-http.js';
import { HttpTransport } from './http-transport.js';
import { RestFhirClient } from './rest-fhir-client.js';

type Step = (request: IncomingMessage, response: ServerResponse) => void;

const SETTINGS = {
  timeoutMs: 2000,
  maxResponseBytes: 1e6,
  maxRetries: 2,
  baseDelayMs: 1,
  maxDelayMs: 50,
};
const patientJson = (id: string) => JSON.stringify({ resourceType: 'Patient', id });

describe('HttpTransport and RestFhirClient against a real local server', () => {
  let server: Server | undefined;
  const seen: { method?: string; url?: string; authorization?: string; body: string }[] = [];
  const waits: number[] = [];

  async function serve(steps: Step[]): Promise<string> {
    seen.length = 0;
    waits.length = 0;
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        seen.push({
          method: request.method,
          url: request.url,
          authorization: request.headers.authorization,
          body,
        });
        const step =
          steps.shift() ?? ((_q: IncomingMessage, r: ServerResponse) => r.writeHead(500).end());
        step(request, response);
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/fhir`;
  }

  afterEach(async () => {
    if (!server) return;
    server.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });

  function client(base: string, authorizer?: RequestAuthorizer): RestFhirClient {
    const auth = authorizer ?? {
      headers: () => Promise.resolve({}),
      renew: () => Promise.resolve(false),
    };
    const http = new OutboundHttp({
      allowLoopback: true,
      allowPrivate: true,
      allowLinkLocal: false,
      allowSpecialPurpose: false,
    });
    return new RestFhirClient(
      new HttpTransport(new URL(base), auth, http, SETTINGS, 'p-1', (ms) =>
        Promise.resolve(waits.push(ms)),
      ),
    );
  }

  const reply =
    (status: number, body?: string, headers: Record<string, string> = {}): Step =>
    (_request, response) =>
      response.writeHead(status, { 'Content-Type': 'application/fhir+json', ...headers }).end(body);
  const drop: Step = (request) => request.socket.destroy();

  /** How the API answers the failure a call ends with (status, code, message, details, headers). */
  async function failure(work: Promise<unknown>): Promise<ExpectedFailure> {
    const error = await work.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    const expected = expectedFailure(error);
    if (!expected) throw new Error(`expected an anticipated failure, got ${String(error)}`);
    return expected;
  }

  it('retries 429 (waiting as Retry-After says) and 503, then gives up with the status', async () => {
    const base = await serve([
      reply(429, '', { 'Retry-After': '0' }),
      reply(503),
      reply(200, patientJson('a')),
    ]);
    expect((await client(base).read('Patient', 'a')).id).toBe('a');
    expect(seen).toHaveLength(3);
    expect(waits[0]).toBe(0);

    const again = await serve([reply(503), reply(503), reply(503)]);
    const error = await failure(client(again).read('Patient', 'a'));
    expect(error.status).toBe(502);
    expect(seen).toHaveLength(3);
  });

  it('renews the credential once on 401 and repeats the request', async () => {
    const base = await serve([reply(401), reply(401), reply(200, patientJson('a'))]);
    let generation = 0;
    const authorizer: RequestAuthorizer = {
      headers: () => Promise.resolve({ Authorization: `Bearer t${generation}` }),
      renew: () => Promise.resolve(++generation > 0),
    };
    const error = await failure(client(base, authorizer).read('Patient', 'a'));
    expect(error.code).toBe('FHIR.UPSTREAM_UNAUTHORIZED');
    expect(seen.map((request) => request.authorization)).toEqual(['Bearer t0', 'Bearer t1']);
  });

  it('retries a dropped connection for reads only, since a write may have landed', async () => {
    const base = await serve([drop, reply(200, patientJson('a'))]);
    expect((await client(base).read('Patient', 'a')).id).toBe('a');
    const writes = await serve([drop, reply(201, patientJson('b'))]);
    const error = await failure(client(writes).create({ resourceType: 'Patient' }));
    expect(error.code).toBe('FHIR.UPSTREAM_UNREACHABLE');
    expect(seen).toHaveLength(1);
  });

  it('follows a create answered without a body to its Location', async () => {
    const base = await serve([
      reply(201, '', { Location: '/fhir/Patient/new-1/_history/1' }),
      reply(200, patientJson('new-1')),
    ]);
    expect((await client(base).create({ resourceType: 'Patient' })).id).toBe('new-1');
    expect(seen.map((request) => `${request.method} ${request.url}`)).toEqual([
      'POST /fhir/Patient',
      'GET /fhir/Patient/new-1',
    ]);
  });

  it('follows paging links on the same server only', async () => {
    const base = await serve([
      reply(
        200,
        JSON.stringify({
          resourceType: 'Bundle',
          type: 'searchset',
          entry: [{ resource: { resourceType: 'Patient', id: '1' } }],
          link: [{ relation: 'next', url: 'PLACEHOLDER' }],
        }),
      ),
    ]);
    const page = await client(base).search('Patient', { name: ['a', 'b'], _count: 1 });
    expect(seen[0].url).toBe('/fhir/Patient?name=a&name=b&_count=1');
    page.link = [{ relation: 'next', url: 'http://169.254.169.254/fhir/Patient?page=2' }];
    const leaving = await failure(client(base).nextPage(page));
    expect(leaving.code).toBe('FHIR.UPSTREAM_INVALID_RESPONSE');
    expect(seen).toHaveLength(1);
  });

  it('refuses a body that is not the expected FHIR resource', async () => {
    const base = await serve([reply(200, '<html>'), reply(200, patientJson('x'))]);
    expect((await failure(client(base).read('Patient', 'a'))).code).toBe(
      'FHIR.UPSTREAM_INVALID_RESPONSE',
    );
    expect((await failure(client(base).read('Observation', 'a'))).code).toBe(
      'FHIR.UPSTREAM_INVALID_RESPONSE',
    );
    expect((await failure(client(base).read('Patient', 'bad id'))).status).toBe(400);
    expect((await failure(client(base).update({ resourceType: 'Patient' }))).status).toBe(400);
    expect(
      (await failure(client(base).transaction({ resourceType: 'Bundle', type: 'collection' })))
        .status,
    ).toBe(400);
  });
});
