import { gzipSync } from 'node:zlib';
import { brokenFhir, nestedExtensions, patient } from './fhir-cases.js';
import { hostileValue, nestedArrays } from './hostile-values.js';
import type { JsonSchema, WriteOperation } from './openapi.js';
import { Random } from './random.js';

export interface FuzzRequest {
  label: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
}

export interface FuzzContext {
  /** Ids the path parameters take besides generated ones: the caller's own and another account's. */
  ids: string[];
  /** Code system names for the forged-cursor cases. */
  codeSystems: string[];
}

const JSON_TYPE = 'application/json';
const FHIR_FIELD = /fhir|resource|bundle/i;

/** A plausible value for a schema, so that mutations hit one field at a time. */
export function sampleValue(schema: JsonSchema | undefined, random: Random, depth = 0): unknown {
  if (!schema || depth > 6) return 'x';
  if (schema.enum?.length) return random.pick(schema.enum);
  if (schema.example !== undefined && random.chance(0.5)) return schema.example;
  const choice = schema.oneOf ?? schema.anyOf;
  if (choice?.length) return sampleValue(random.pick(choice), random, depth + 1);
  switch (schema.type) {
    case 'string':
      if (schema.format === 'uuid') return random.uuid();
      if (schema.format === 'date-time') return '2030-01-01T00:00:00Z';
      return `fuzz-${random.int(1_000_000)}`;
    case 'integer':
      return random.int(100);
    case 'number':
      return random.int(1000) / 10;
    case 'boolean':
      return random.chance(0.5);
    case 'array':
      return [sampleValue(schema.items, random, depth + 1)];
    default: {
      if (!schema.properties) return FHIR_FIELD.test(schema.description ?? '') ? patient() : {};
      const value: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties)) {
        if (schema.required?.includes(key) || random.chance(0.5))
          value[key] =
            FHIR_FIELD.test(key) && property.type === 'object' && !property.properties
              ? patient()
              : sampleValue(property, random, depth + 1);
      }
      return value;
    }
  }
}

function mutate(operation: WriteOperation, random: Random): { label: string; body: unknown } {
  const base = sampleValue(operation.bodySchema, random);
  const fields = Object.keys(operation.bodySchema?.properties ?? {});
  const object =
    base !== null && typeof base === 'object' && !Array.isArray(base)
      ? (base as Record<string, unknown>)
      : {};
  const field = fields.length > 0 ? random.pick(fields) : 'resourceType';
  switch (random.int(10)) {
    case 0:
    case 1:
    case 2:
      return {
        label: `${field}: hostile value`,
        body: { ...object, [field]: hostileValue(random) },
      };
    case 3: {
      const rest = { ...object };
      delete rest[random.pick(operation.bodySchema?.required ?? [field])];
      return { label: 'required field missing', body: rest };
    }
    case 4: {
      const extra = random.pick(['__proto__', 'constructor', 'prototype', 'admin', 'account_id']);
      const body = JSON.parse(JSON.stringify(object)) as Record<string, unknown>;
      Object.defineProperty(body, extra, {
        value: hostileValue(random),
        enumerable: true,
        writable: true,
        configurable: true,
      });
      return { label: `extra field ${extra}`, body };
    }
    case 5:
      return {
        label: 'whole body replaced',
        body: random.pick([
          null,
          [],
          [object],
          'text',
          42,
          nestedArrays(3_000),
          hostileValue(random),
        ]),
      };
    case 6:
      return {
        label: 'objects as arrays, nulls',
        body: Object.fromEntries(
          Object.entries(object).map(([key, value]) => [
            key,
            value !== null && typeof value === 'object' ? [value] : null,
          ]),
        ),
      };
    case 7:
    case 8: {
      const fhirField = fields.find((name) => FHIR_FIELD.test(name)) ?? field;
      return {
        label: `${fhirField}: broken FHIR`,
        body: { ...object, [fhirField]: brokenFhir(random) },
      };
    }
    default:
      return { label: 'valid-looking', body: object };
  }
}

function fillPath(operation: WriteOperation, random: Random, context: FuzzContext): string {
  let path = operation.path;
  for (const name of operation.pathParams) {
    const value =
      name === 'path'
        ? random.pick([
            'Patient',
            'Observation',
            'Condition',
            'Bundle',
            'NotAType',
            `Patient/${random.uuid()}`,
            'Patient/$validate',
            'Patient/_search',
            '%00',
            'Patient/x%00',
          ])
        : random.pick([
            ...context.ids,
            random.uuid(),
            'not-a-uuid',
            '%00',
            'x'.repeat(300),
            '99999999999999999999',
          ]);
    path = path.replace(
      `{${name}}`,
      value.includes('%') || value.includes('/') ? value : encodeURIComponent(value),
    );
  }
  return path;
}

function jsonRequest(
  label: string,
  method: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): FuzzRequest {
  return {
    label,
    method,
    path,
    headers: {
      'content-type': path.startsWith('/fhir/sandbox') ? 'application/fhir+json' : JSON_TYPE,
      ...headers,
    },
    body: JSON.stringify(body),
  };
}

/** The regressions of issues #13 and #22, sent once each at the start of the run. */
function knownCases(context: FuzzContext): FuzzRequest[] {
  const forged = Buffer.from(JSON.stringify({ k: [1e308] })).toString('base64url');
  const cases: FuzzRequest[] = [
    jsonRequest('deep array', 'POST', '/v2/auth/clients', nestedArrays(3_000)),
    jsonRequest('NUL in a name', 'POST', '/v2/auth/clients', { name: '\u0000\u202e' }),
    {
      label: 'text/plain body',
      method: 'POST',
      path: '/v2/auth/clients',
      headers: { 'content-type': 'text/plain' },
      body: '{"name":"x"}',
    },
    {
      label: 'gzip that is not gzip',
      method: 'POST',
      path: '/v2/auth/clients',
      headers: { 'content-type': JSON_TYPE, 'content-encoding': 'gzip' },
      body: '{"name":"x"}',
    },
    {
      label: 'brotli',
      method: 'POST',
      path: '/v2/auth/clients',
      headers: { 'content-type': JSON_TYPE, 'content-encoding': 'br' },
      body: gzipSync('{"name":"x"}'),
    },
    {
      label: 'unknown encoding',
      method: 'POST',
      path: '/v2/auth/clients',
      headers: { 'content-type': JSON_TYPE, 'content-encoding': 'zstd, gzip' },
      body: '{}',
    },
    {
      label: 'sandbox _offset out of bigint',
      method: 'GET',
      path: '/fhir/sandbox/Patient?_offset=99999999999999999999',
      headers: {},
    },
    jsonRequest('sandbox Patient 1,000 levels deep', 'POST', '/fhir/sandbox/Patient', {
      ...patient(),
      extension: [nestedExtensions(1_000)],
    }),
    jsonRequest('fhir2summary 1,000 nested extensions', 'POST', '/fhir2summary/create', {
      mode: 'flatten',
      fhir_resources: { ...patient(), extension: [nestedExtensions(1_000)] },
    }),
  ];
  for (const name of context.codeSystems)
    cases.push({
      label: 'forged cursor',
      method: 'GET',
      path: `/construe/codes/${name}?cursor=${forged}`,
      headers: {},
    });
  return cases;
}

/** At least `count` requests over every write operation, the same for the same seed. */
export function generateRequests(
  operations: WriteOperation[],
  context: FuzzContext,
  seed: number,
  count: number,
): FuzzRequest[] {
  const random = new Random(seed);
  const requests = knownCases(context);
  for (let round = 0; requests.length < count; round += 1) {
    for (const operation of operations) {
      const path = fillPath(operation, random, context);
      const { label, body } = mutate(operation, random);
      const headers: Record<string, string> = {};
      for (const name of operation.headerParams)
        if (random.chance(0.3))
          headers[name] = random.pick(['sandbox', random.uuid(), 'x'.repeat(500), 'a b;c']);
      const request = jsonRequest(
        `${operation.method} ${operation.path} ${label}`,
        operation.method,
        path,
        body,
        headers,
      );
      if (random.chance(0.05))
        request.headers['content-type'] = random.pick([
          'text/plain',
          'application/xml',
          'multipart/form-data; boundary=x',
        ]);
      else if (random.chance(0.03)) {
        request.headers['content-encoding'] = 'gzip';
        request.body = gzipSync(request.body as string);
      }
      requests.push(request);
    }
  }
  return requests;
}
