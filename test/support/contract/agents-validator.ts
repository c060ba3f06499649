import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { existsSync, readFileSync } from 'node:fs';

/** The public API document, read from ../shared (never copied into the project). */
export const PUBLIC_API_DOCUMENT = new URL(
  '../../../../shared/spec/public-api-openapi.json',
  import.meta.url,
).pathname;

type Json = Record<string, any>;

// ajv-formats is CommonJS; its default export arrives wrapped under ESM interop.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as (ajv: Ajv) => Ajv;

/** Points the document's local references (`#/components/…`) at the document added to ajv. */
function rebase(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(rebase);
  if (schema === null || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema as Json).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string' && value.startsWith('#/')
        ? `public-api${value}`
        : rebase(value),
    ]),
  );
}

/** The top-level keys of the response's documented example: what the vendor's SDKs read. */
function exampleKeys(media: Json): string[] {
  const example =
    media.example ?? (Object.values((media.examples ?? {}) as Json)[0] as Json | undefined)?.value;
  return example !== null && typeof example === 'object' && !Array.isArray(example)
    ? Object.keys(example as Json)
    : [];
}

/**
 * Validates responses against the public API document's schema for their operation and
 * status. The document's response schemas require nothing, so that a body with the wrong
 * keys would pass; this validator also requires the top-level keys the operation's own
 * example shows. A status the operation does not document is itself a problem. A
 * text/event-stream response is checked event by event (each `data:` JSON).
 *
 * The contract harness (test/support/contract/public-api-document.ts) is the general
 * form of this; the agents tests use this one until they are pointed at it.
 */
export class AgentsContractValidator {
  private readonly ajv = new Ajv({ strict: false, allErrors: true });
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(private readonly document: Json) {
    addFormats(this.ajv);
    this.ajv.addSchema({ $id: 'public-api', components: rebase(document.components) as Json });
  }

  /** Null when the document is not there (../shared absent): tests skip with a message. */
  static load(): AgentsContractValidator | null {
    if (!existsSync(PUBLIC_API_DOCUMENT)) return null;
    return new AgentsContractValidator(
      JSON.parse(readFileSync(PUBLIC_API_DOCUMENT, 'utf8')) as Json,
    );
  }

  /** Problems with one response; empty when it matches. `operation` is "GET /agent/{id}". */
  problems(operation: string, status: number, body: unknown, contentType = ''): string[] {
    const [method, path] = operation.split(' ');
    const spec = this.document.paths?.[path]?.[method.toLowerCase()] as Json | undefined;
    if (!spec) return [`${operation} is not in the document`];
    const response = (spec.responses?.[String(status)] ?? spec.responses?.default) as
      Json | undefined;
    if (!response) return [`${operation} does not document status ${status}`];
    const content = (response.content ?? {}) as Json;
    if (Object.keys(content).length === 0) return [];
    if (contentType.startsWith('text/event-stream')) {
      const media = content['text/event-stream'] as Json | undefined;
      if (!media) return [`${operation} ${status} is not documented as text/event-stream`];
      const events = Array.isArray(body) ? body : [];
      if (events.length === 0) return ['the event stream carried no events'];
      return events.flatMap((event, index) =>
        this.check(`${operation} ${status} event`, media, event, false).map(
          (problem) => `event ${index}: ${problem}`,
        ),
      );
    }
    const media = content['application/json'] as Json | undefined;
    if (!media) return [`${operation} ${status} has no application/json schema`];
    return this.check(`${operation} ${status}`, media, body, true);
  }

  private check(key: string, media: Json, body: unknown, withExampleKeys: boolean): string[] {
    let validate = this.compiled.get(key);
    if (!validate) {
      validate = this.ajv.compile(rebase(media.schema ?? {}) as Json);
      this.compiled.set(key, validate);
    }
    const problems = validate(body)
      ? []
      : (validate.errors ?? []).map(
          (error) => `${error.instancePath || '(body)'} ${error.message ?? 'is invalid'}`,
        );
    if (withExampleKeys && body !== null && typeof body === 'object' && !Array.isArray(body)) {
      for (const name of exampleKeys(media)) {
        if (!(name in (body as Json))) problems.push(`(body) lacks "${name}"`);
      }
    }
    return problems;
  }
}
