import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import {
  checkAddress,
  checkHostname,
  type OutboundRules,
} from '../../domain/outbound/address-policy.js';

export interface OutboundRequest {
  method: string;
  url: URL;
  headers?: Record<string, string>;
  body?: string | Buffer;
  timeoutMs: number;
  maxResponseBytes: number;
}

export interface OutboundResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export type OutboundFailure =
  'refused-target' | 'timeout' | 'network' | 'too-large' | 'invalid-url';

export class OutboundError extends Error {
  constructor(
    readonly failure: OutboundFailure,
    message: string,
  ) {
    super(message);
    this.name = 'OutboundError';
  }
}

/**
 * HTTP(S) requests to addresses outside the service, checked against the outbound rules
 * at connect time: the address actually dialled is the one that was checked, so a DNS
 * answer cannot swap in a metadata or loopback address after the check (rebinding).
 * Redirects are not followed; responses over the size limit are cut off.
 */
export class OutboundHttp {
  constructor(private readonly rules: OutboundRules) {}

  /** Refuses URLs this service must not call (scheme, credentials, refused address or name). */
  assertAllowedUrl(url: URL): void {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new OutboundError(
        'invalid-url',
        `Only http and https URLs are allowed (got ${url.protocol})`,
      );
    }
    if (url.username || url.password) {
      throw new OutboundError('invalid-url', 'URLs must not carry credentials');
    }
    const verdict = checkHostname(url.hostname, this.rules);
    if (verdict && !verdict.allowed) throw new OutboundError('refused-target', verdict.reason);
  }

  /** Resolves a host name and refuses it when any of its addresses is refused (used at registration). */
  async assertAllowedHost(url: URL): Promise<void> {
    this.assertAllowedUrl(url);
    const addresses = await new Promise<LookupAddress[]>((resolve) =>
      dnsLookup(url.hostname.replace(/^\[|\]$/g, ''), { all: true }, (error, found) =>
        resolve(error ? [] : found),
      ),
    );
    for (const { address } of addresses) {
      const verdict = checkAddress(address, this.rules);
      if (!verdict.allowed) {
        throw new OutboundError('refused-target', `${url.hostname} resolves to ${verdict.reason}`);
      }
    }
  }

  async send(options: OutboundRequest): Promise<OutboundResponse> {
    this.assertAllowedUrl(options.url);
    return this.exchange(options);
  }

  private exchange(options: OutboundRequest): Promise<OutboundResponse> {
    const send = options.url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise((resolve, reject) => {
      const fail = (error: OutboundError) => {
        clearTimeout(timer);
        request.destroy();
        reject(error);
      };
      const request = send(options.url, {
        method: options.method,
        headers: {
          ...options.headers,
          ...(options.body === undefined
            ? {}
            : { 'Content-Length': Buffer.byteLength(options.body) }),
        },
        lookup: this.checkedLookup(),
      });
      const timer = setTimeout(
        () =>
          fail(
            new OutboundError(
              'timeout',
              `No complete answer from ${options.url.host} within ${options.timeoutMs} ms`,
            ),
          ),
        options.timeoutMs,
      );
      request.on('error', (error: Error) =>
        fail(
          error instanceof OutboundError
            ? error
            : new OutboundError(
                'network',
                `Could not reach ${options.url.host} (${describe(error)})`,
              ),
        ),
      );
      request.on('response', (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxResponseBytes) {
            fail(
              new OutboundError(
                'too-large',
                `The answer from ${options.url.host} exceeds ${options.maxResponseBytes} bytes`,
              ),
            );
            return;
          }
          chunks.push(chunk);
        });
        response.on('error', (error: Error) =>
          fail(
            new OutboundError(
              'network',
              `The answer from ${options.url.host} broke off (${describe(error)})`,
            ),
          ),
        );
        response.on('end', () => {
          clearTimeout(timer);
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          });
        });
      });
      request.end(options.body);
    });
  }

  private checkedLookup(): LookupFunction {
    const rules = this.rules;
    return (hostname, options, callback) => {
      dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
        if (error) return callback(error, '', 0);
        for (const { address } of addresses) {
          const verdict = checkAddress(address, rules);
          if (!verdict.allowed) {
            return callback(
              new OutboundError('refused-target', `${hostname} resolves to ${verdict.reason}`),
              '',
              0,
            );
          }
        }
        if (options.all)
          return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
        const [first] = addresses;
        if (!first)
          return callback(
            Object.assign(new Error(`No address for ${hostname}`), { code: 'ENOTFOUND' }),
            '',
            0,
          );
        callback(null, first.address, first.family);
      });
    };
  }
}

function describe(error: Error): string {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : error.message;
}
