import { once } from 'node:events';
import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError, RequestContext } from '@app/shared';
import { requestDeadline } from './request-deadline.middleware.js';

/** A server whose one route waits for the request's signal and reports why it stopped. */
async function serverReportingStops(deadlineMs: number) {
  const stops: unknown[] = [];
  let markReached = () => undefined as void;
  const reached = new Promise<void>((resolve) => (markReached = resolve));
  const app = express();
  app.use((_request, _response, next) => RequestContext.run('test', () => next()));
  app.use(requestDeadline(deadlineMs));
  app.get('/work', (_request, response) => {
    const signal = RequestContext.signal()!;
    markReached();
    signal.addEventListener('abort', () => {
      stops.push(signal.reason);
      if (!response.headersSent) response.status(504).end();
    });
  });
  const server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, stops, reached, port: (server.address() as AddressInfo).port };
}

describe('request signal', () => {
  let server: Server | undefined;

  afterEach(() => {
    server?.close();
  });

  it('is aborted as cancelled when the client goes away before the answer', async () => {
    const started = await serverReportingStops(60_000);
    server = started.server;
    const pending = request({ host: '127.0.0.1', port: started.port, path: '/work' });
    pending.on('error', () => undefined);
    pending.end();
    await started.reached;
    pending.destroy();
    while (started.stops.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    const [reason] = started.stops;
    expect(reason).toBeInstanceOf(AppError);
    expect((reason as AppError).code).toBe('REQUEST.CANCELLED');
  });

  it('is aborted with 504 naming REQUEST_DEADLINE_MS when the deadline passes', async () => {
    const started = await serverReportingStops(100);
    server = started.server;
    const answer = await fetch(`http://127.0.0.1:${started.port}/work`);
    expect(answer.status).toBe(504);
    const [reason] = started.stops;
    expect((reason as AppError).code).toBe('REQUEST.DEADLINE_EXCEEDED');
    expect((reason as AppError).details).toEqual({ limit: 'REQUEST_DEADLINE_MS', value: 100 });
  });
});
