import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { OutboundError, OutboundHttp } from './outbound-http.js';

const LOOPBACK_ALLOWED = {
  allowLoopback: true,
  allowPrivate: true,
  allowLinkLocal: false,
  allowSpecialPurpose: false,
};
const STRICT = {
  allowLoopback: false,
  allowPrivate: true,
  allowLinkLocal: false,
  allowSpecialPurpose: false,
};

describe('OutboundHttp against a real local server', () => {
  let server: Server | undefined;
  let hits = 0;

  async function serve(listener: RequestListener): Promise<number> {
    hits = 0;
    server = createServer((request, response) => {
      hits++;
      listener(request, response);
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    return (server.address() as AddressInfo).port;
  }

  afterEach(async () => {
    if (!server) return;
    server.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    server = undefined;
  });

  const get = (
    http: OutboundHttp,
    url: string,
    extra: { timeoutMs?: number; maxResponseBytes?: number } = {},
  ) =>
    http.send({
      method: 'GET',
      url: new URL(url),
      timeoutMs: extra.timeoutMs ?? 2000,
      maxResponseBytes: extra.maxResponseBytes ?? 1e6,
    });

  async function failureOf(work: Promise<unknown>): Promise<OutboundError> {
    const error = await work.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    if (!(error instanceof OutboundError))
      throw new Error(`expected an OutboundError, got ${String(error)}`);
    return error;
  }

  it('sends the request and returns status, headers and body', async () => {
    const port = await serve((request, response) => {
      response.writeHead(201, { 'X-Seen': request.headers['x-test'] ?? '' }).end('{"ok":true}');
    });
    const response = await new OutboundHttp(LOOPBACK_ALLOWED).send({
      method: 'POST',
      url: new URL(`http://127.0.0.1:${port}/x`),
      headers: { 'X-Test': 'yes' },
      body: '{}',
      timeoutMs: 2000,
      maxResponseBytes: 1000,
    });
    expect(response.status).toBe(201);
    expect(response.headers['x-seen']).toBe('yes');
    expect(response.body.toString()).toBe('{"ok":true}');
  });

  it('refuses loopback targets, by address and by name, before connecting', async () => {
    const port = await serve((_request, response) => response.end('reached'));
    const strict = new OutboundHttp(STRICT);
    expect((await failureOf(get(strict, `http://127.0.0.1:${port}/`))).failure).toBe(
      'refused-target',
    );
    expect((await failureOf(get(strict, `http://localhost:${port}/`))).failure).toBe(
      'refused-target',
    );
    expect((await failureOf(get(strict, `http://[::1]:${port}/`))).failure).toBe('refused-target');
    expect(hits).toBe(0);
  });

  it('refuses metadata and link-local addresses, other schemes and credentials', async () => {
    const http = new OutboundHttp(LOOPBACK_ALLOWED);
    expect((await failureOf(get(http, 'http://169.254.169.254/latest/meta-data'))).failure).toBe(
      'refused-target',
    );
    expect((await failureOf(get(http, 'http://metadata.google.internal/'))).failure).toBe(
      'refused-target',
    );
    expect((await failureOf(get(http, 'ftp://example.org/'))).failure).toBe('invalid-url');
    expect((await failureOf(get(http, 'http://user:pw@example.org/'))).failure).toBe('invalid-url');
    await expect(http.assertAllowedHost(new URL('http://169.254.1.1/'))).rejects.toThrow(
      /link-local/,
    );
    await expect(
      new OutboundHttp(STRICT).assertAllowedHost(new URL('http://localhost/')),
    ).rejects.toThrow(/loopback/);
  });

  it('times out, cuts off oversized answers, and does not follow redirects', async () => {
    const port = await serve((request, response) => {
      if (request.url === '/slow') return;
      if (request.url === '/big') return void response.end('x'.repeat(5000));
      response.writeHead(302, { Location: 'http://169.254.169.254/' }).end();
    });
    const http = new OutboundHttp(LOOPBACK_ALLOWED);
    const slow = await failureOf(get(http, `http://127.0.0.1:${port}/slow`, { timeoutMs: 100 }));
    expect(slow.failure).toBe('timeout');
    expect(slow.message).toContain('100 ms');
    expect(
      (await failureOf(get(http, `http://127.0.0.1:${port}/big`, { maxResponseBytes: 1000 })))
        .failure,
    ).toBe('too-large');
    const redirect = await get(http, `http://127.0.0.1:${port}/redirect`);
    expect(redirect.status).toBe(302);
  });

  it('reports a closed port as a network failure', async () => {
    const port = await serve((_request, response) => response.end());
    await new Promise((resolve) => server!.close(resolve));
    server = undefined;
    expect(
      (await failureOf(get(new OutboundHttp(LOOPBACK_ALLOWED), `http://127.0.0.1:${port}/`)))
        .failure,
    ).toBe('network');
  });
});
