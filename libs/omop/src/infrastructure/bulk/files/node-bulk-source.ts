import { createReadStream } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { gunzipSync, createGunzip } from 'node:zlib';
import { Injectable } from '@nestjs/common';
import { AppConfig, AppError, findDecodedJsonProblem } from '@app/shared';
import {
  BulkSource,
  type BulkSourceItem,
  type BulkSourceKind,
} from '../../../application/ports/bulk-source.js';
import { isFhirResource } from '../../../domain/bulk/fhir-references.js';

const EXTENSIONS: Record<BulkSourceKind, RegExp> = {
  ndjson: /\.(ndjson|jsonl)(\.gz)?$/i,
  bundles: /\.json(\.gz)?$/i,
};

function open(path: string): Readable {
  const stream = createReadStream(path);
  return path.toLowerCase().endsWith('.gz') ? stream.pipe(createGunzip()) : stream;
}

/** A Bundle's entries (with their fullUrl), or the resource itself. */
function* resourcesOf(value: unknown, file: string, line?: number): Iterable<BulkSourceItem> {
  if (!isFhirResource(value)) {
    yield { kind: 'skipped', file, line, reason: 'not a FHIR resource' };
    return;
  }
  if (value.resourceType !== 'Bundle') {
    yield { kind: 'resource', resource: value, json: JSON.stringify(value) };
    return;
  }
  const entries = Array.isArray(value.entry) ? (value.entry as unknown[]) : [];
  for (const entry of entries) {
    const resource = (entry as { resource?: unknown } | null)?.resource;
    if (!isFhirResource(resource)) {
      yield { kind: 'skipped', file, line, reason: 'Bundle entry without a resource' };
      continue;
    }
    const fullUrl = (entry as { fullUrl?: unknown }).fullUrl;
    yield {
      kind: 'resource',
      resource,
      json: JSON.stringify(resource),
      fullUrl: typeof fullUrl === 'string' && fullUrl !== '' ? fullUrl : undefined,
    };
  }
}

/** Streams NDJSON line by line (gzip on the fly); Bundle files are read one at a time. */
@Injectable()
export class NodeBulkSource extends BulkSource {
  constructor(private readonly config: AppConfig) {
    super();
  }

  /**
   * The service's JSON input policy: too deep, or text PostgreSQL cannot store, is skipped.
   * `text` is what `value` was parsed from, decoded from UTF-8 (see findDecodedJsonProblem).
   */
  private unsafe(value: unknown, text: string): string | undefined {
    const problem = findDecodedJsonProblem(value, text, this.config.maxJsonDepth);
    if (!problem) return undefined;
    // One reason per kind, so the skipped tally groups them.
    if (problem.kind === 'too-deep') return `nested deeper than ${problem.maxDepth} levels`;
    if (problem.kind === 'forbidden-key') return 'has a __proto__ key';
    return 'holds text PostgreSQL cannot store (U+0000 or a lone surrogate)';
  }

  async files(kind: BulkSourceKind, directory: string): Promise<string[]> {
    let entries: string[];
    try {
      entries = await readdir(directory);
    } catch {
      throw AppError.badRequest('OMOP.NO_SUCH_DIRECTORY', `Cannot read the folder ${directory}`);
    }
    return entries
      .filter((entry) => EXTENSIONS[kind].test(entry))
      .sort()
      .map((entry) => join(directory, entry));
  }

  async *read(kind: BulkSourceKind, files: readonly string[]): AsyncIterable<BulkSourceItem> {
    for (const file of files) {
      if (kind === 'ndjson') yield* this.ndjson(file);
      else yield* this.bundle(file);
    }
  }

  private async *ndjson(file: string): AsyncIterable<BulkSourceItem> {
    const lines = createInterface({ input: open(file), crlfDelay: Infinity });
    let line = 0;
    for await (const text of lines) {
      line += 1;
      if (text.trim() === '') continue;
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        yield { kind: 'skipped', file, line, reason: 'not JSON' };
        continue;
      }
      const unsafe = this.unsafe(value, text);
      if (unsafe) {
        yield { kind: 'skipped', file, line, reason: unsafe };
        continue;
      }
      // The line as read is staged as is: no second serialization for plain resources.
      if (isFhirResource(value) && value.resourceType !== 'Bundle')
        yield { kind: 'resource', resource: value, json: text };
      else yield* resourcesOf(value, file, line);
    }
  }

  private async *bundle(file: string): AsyncIterable<BulkSourceItem> {
    const bytes = await readFile(file);
    let text: string;
    let value: unknown;
    try {
      text = (file.toLowerCase().endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
      value = JSON.parse(text);
    } catch {
      yield { kind: 'skipped', file, reason: 'not JSON' };
      return;
    }
    const unsafe = this.unsafe(value, text);
    if (unsafe) {
      yield { kind: 'skipped', file, reason: unsafe };
      return;
    }
    yield* resourcesOf(value, file);
  }
}
