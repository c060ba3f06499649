import { existsSync, readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { ContractResponse } from './contract-case.js';

/** Where the shared public API document lives, relative to this file (outside the project). */
export const PUBLIC_API_DOCUMENT_PATH = new URL(
  '../../../../shared/spec/public-api-openapi.json',
  import.meta.url,
).pathname;

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const COMPONENTS_ID = 'public-api-components.json';

interface MediaType {
  schema?: unknown;
}
interface ResponseObject {
  content?: Record<string, MediaType>;
}
interface OperationObject {
  security?: Record<string, unknown>[];
  requestBody?: {
    content?: Record<string, { example?: unknown; examples?: Record<string, { value?: unknown }> }>;
  };
  responses?: Record<string, ResponseObject>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, OperationObject>>;
  components: Record<string, unknown>;
}

export interface PublicApiDocument {
  /** Every operation of the document as "METHOD /path", in document order. */
  operations: string[];
  /** The statuses the document lists for an operation ("200", "404", …). */
  statuses(operation: string): string[];
  /**
   * Problems with one response: an operation or status the document does not list, a body
   * that is not JSON where the document declares JSON, or the schema's own errors.
   * Empty when the response is what the document says. Event streams are checked for their
   * content type only (the case checks their events).
   */
  validate(operation: string, response: ContractResponse): string[];
  /** Whether the operation takes the service's bearer token (and nothing else). */
  requiresBearer(operation: string): boolean;
  /** The JSON request bodies the document gives as examples for an operation (the SDK's own). */
  requestExamples(operation: string): unknown[];
}

/** The document, or undefined when `../shared` is not present (the caller skips). */
export function loadPublicApiDocument(
  path = PUBLIC_API_DOCUMENT_PATH,
): PublicApiDocument | undefined {
  if (!existsSync(path)) return undefined;
  const document = JSON.parse(readFileSync(path, 'utf8')) as OpenApiDocument;
  return createPublicApiDocument(document);
}

export function createPublicApiDocument(document: OpenApiDocument): PublicApiDocument {
  const ajv = new Ajv({ strict: false, allErrors: true, discriminator: false });
  // ajv-formats is CommonJS; its default export arrives wrapped under ESM interop.
  const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
    addFormatsModule) as (instance: Ajv) => void;
  addFormats(ajv);
  // OpenAPI's numeric and binary formats say nothing JSON Schema can check.
  for (const format of ['int32', 'int64', 'float', 'double', 'byte', 'binary', 'password']) {
    ajv.addFormat(format, true);
  }
  ajv.addSchema(rewriteRefs({ components: document.components }) as object, COMPONENTS_ID);

  const operations = new Map<string, OperationObject>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (operation) operations.set(`${method.toUpperCase()} ${path}`, operation);
    }
  }
  const compiled = new Map<string, ValidateFunction>();

  function responseFor(operation: string, status: number): ResponseObject | undefined {
    const responses = operations.get(operation)?.responses ?? {};
    return responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
  }

  return {
    operations: [...operations.keys()],
    requiresBearer(operation) {
      const security = operations.get(operation)?.security ?? [];
      return security.length > 0 && security.every((scheme) => 'bearerAuth' in scheme);
    },
    requestExamples(operation) {
      const json = operations.get(operation)?.requestBody?.content?.['application/json'];
      if (!json) return [];
      const named = Object.values(json.examples ?? {}).map((example) => example.value);
      return [...(json.example === undefined ? [] : [json.example]), ...named].filter(
        (value) => value !== undefined,
      );
    },
    statuses: (operation) => Object.keys(operations.get(operation)?.responses ?? {}),
    validate(operation, response) {
      if (!operations.has(operation)) return [`the document has no operation ${operation}`];
      const declared = responseFor(operation, response.status);
      if (!declared) {
        const listed = Object.keys(operations.get(operation)?.responses ?? {}).join(', ');
        return [`status ${response.status} is not listed for ${operation} (listed: ${listed})`];
      }
      const content = declared.content ?? {};
      const contentType = response.headers['content-type'] ?? '';
      if (content['text/event-stream']) {
        return contentType.startsWith('text/event-stream')
          ? []
          : [`expected text/event-stream, got "${contentType}"`];
      }
      const json = content['application/json'];
      if (!json?.schema) return [];
      if (!contentType.includes('json')) {
        return [`expected a JSON body, got content type "${contentType}"`];
      }
      const key = `${operation} ${response.status}`;
      let validate = compiled.get(key);
      if (!validate) {
        validate = ajv.compile(rewriteRefs(json.schema) as object);
        compiled.set(key, validate);
      }
      if (validate(response.body)) return [];
      return (validate.errors ?? []).map(
        (error) =>
          `${error.instancePath || '(body)'} ${error.message ?? 'is invalid'}${
            error.keyword === 'additionalProperties' || error.keyword === 'enum'
              ? ` ${JSON.stringify(error.params)}`
              : ''
          }`,
      );
    },
  };
}

/** Local `#/components/...` references point into the components schema registered once. */
function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      key === '$ref' && typeof inner === 'string' && inner.startsWith('#/')
        ? `${COMPONENTS_ID}${inner}`
        : rewriteRefs(inner),
    ]),
  );
}
