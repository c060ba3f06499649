import { createHash } from 'node:crypto';
import { mkdir, open, rm, type FileHandle } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { OnApplicationShutdown } from '@nestjs/common';
import {
  ResourceStaging,
  type ResourceToStage,
} from '../../../application/ports/resource-staging.js';
import { parseStagedResource, type StagedResource } from '../../../domain/bulk/batch-input.js';
import type { OmopTarget } from '../../../domain/bulk/omop-target.js';
import { SHARED_GROUP_PREFIX } from '../../../domain/bulk/shared-groups.js';
import { NumberColumn } from './number-column.js';

// Staged resources closer than this in the file are read in one call (a patient's
// resources of one type usually sit side by side in an export's file of that type).
const MAX_GAP_BYTES = 64 * 1024;
const MAX_READ_BYTES = 8 * 1024 * 1024;

/** One run's spill file and where each staged resource sits in it. */
interface SpillRun {
  path: string;
  file: FileHandle;
  size: number;
  /** Per staged resource, in staging order (which is also file order). */
  seqs: NumberColumn<Uint32Array>;
  starts: NumberColumn<Float64Array>;
  lengths: NumberColumn<Uint32Array>;
  fullUrls: (string | null)[];
  /** The staged resources filed under each group, in staging order. */
  groups: Map<string, number[]>;
  /** Appends are chained so that they land in call order. */
  appending: Promise<void>;
}

export class StagingRunUnknownError extends Error {
  constructor(runId: string) {
    super(`No staged resources for run ${runId} in this process`);
  }
}

/** A directory name per target schema: a new run clears only its own target's leftovers. */
function targetDirectory(root: string, target: OmopTarget): string {
  const key = createHash('sha256').update(`${target.url}\n${target.schema}`).digest('hex');
  return join(root, key.slice(0, 24));
}

/**
 * Embedded profile: the coordinator and the batches share one process, so the staged
 * JSON goes to a local spill file (appended as it streams in) instead of the target
 * database, and each batch reads its resources back by position. The target database
 * then receives only the CDM rows. Where each resource sits is kept in memory, a few
 * numbers per resource in typed arrays (see NumberColumn). A process killed mid-load
 * leaves its file; the next load into the same target schema removes it (the load lock
 * is held then).
 */
export class SpillFileResourceStaging extends ResourceStaging implements OnApplicationShutdown {
  private readonly runs = new Map<string, SpillRun>();

  constructor(private readonly root: string) {
    super();
  }

  async open(target: OmopTarget, runId: string): Promise<void> {
    const directory = targetDirectory(this.root, target);
    await rm(directory, { recursive: true, force: true });
    await mkdir(directory, { recursive: true });
    const path = join(directory, `${runId}.json`);
    const file = await open(path, 'w+');
    this.runs.set(runId, {
      path,
      file,
      size: 0,
      seqs: NumberColumn.uint32(),
      starts: NumberColumn.float64(),
      lengths: NumberColumn.uint32(),
      fullUrls: [],
      groups: new Map(),
      appending: Promise.resolve(),
    });
  }

  stage(_target: OmopTarget, runId: string, resources: ResourceToStage[]): Promise<void> {
    const run = this.run(runId);
    const parts: Buffer[] = [];
    let bytes = 0;
    for (const resource of resources) {
      const part = Buffer.from(resource.json, 'utf8');
      const index = run.seqs.length;
      run.seqs.push(resource.seq);
      run.starts.push(run.size + bytes);
      run.lengths.push(part.length);
      run.fullUrls.push(resource.fullUrl ?? null);
      const group = run.groups.get(resource.groupRef);
      if (group) group.push(index);
      else run.groups.set(resource.groupRef, [index]);
      parts.push(part);
      bytes += part.length;
    }
    const position = run.size;
    run.size += bytes;
    const chunk = Buffer.concat(parts, bytes);
    run.appending = run.appending.then(() => writeAll(run.file, chunk, position));
    return run.appending;
  }

  async staged(_target: OmopTarget, runId: string): Promise<void> {
    await this.run(runId).appending;
  }

  async resourcesFiledUnder(
    _target: OmopTarget,
    runId: string,
    refs: readonly string[],
  ): Promise<StagedResource[]> {
    const run = this.run(runId);
    return this.resourcesOf(
      run,
      refs.flatMap((ref) => run.groups.get(ref) ?? []),
    );
  }

  async eachSharedResource(
    _target: OmopTarget,
    runId: string,
    use: (staged: StagedResource) => void,
  ): Promise<void> {
    const run = this.run(runId);
    const indexes: number[] = [];
    for (const [ref, group] of run.groups)
      if (ref.startsWith(SHARED_GROUP_PREFIX)) indexes.push(...group);
    await this.readResources(run, indexes, use);
  }

  async resourcesAt(
    _target: OmopTarget,
    runId: string,
    seqs: readonly number[],
  ): Promise<StagedResource[]> {
    const run = this.run(runId);
    const indexes: number[] = [];
    for (const seq of seqs) {
      const index = indexOf(run.seqs, seq);
      if (index >= 0) indexes.push(index);
    }
    return this.resourcesOf(run, indexes);
  }

  async release(_target: OmopTarget, runId: string): Promise<void> {
    const run = this.runs.get(runId);
    if (!run) return;
    this.runs.delete(runId);
    await run.appending.catch(() => undefined);
    await run.file.close().catch(() => undefined);
    // The folder is the target's, and one load at a time writes into a target schema.
    await rm(dirname(run.path), { recursive: true, force: true });
  }

  async onApplicationShutdown(): Promise<void> {
    const runIds = [...this.runs.keys()];
    for (const runId of runIds) await this.release({ url: '', schema: '' }, runId);
  }

  private run(runId: string): SpillRun {
    const run = this.runs.get(runId);
    if (!run) throw new StagingRunUnknownError(runId);
    return run;
  }

  /** The staged resources at these indexes, parsed, in staging order (non-resources left out). */
  private async resourcesOf(run: SpillRun, indexes: number[]): Promise<StagedResource[]> {
    const staged: StagedResource[] = [];
    await this.readResources(run, indexes, (resource) => staged.push(resource));
    return staged;
  }

  /** Hands each staged resource at these indexes, parsed, to `use` (non-resources are left out). */
  private readResources(
    run: SpillRun,
    indexes: number[],
    use: (staged: StagedResource) => void,
  ): Promise<void> {
    return this.readBack(run, indexes, (index, json) => {
      const resource = parseStagedResource(run.seqs.get(index), run.fullUrls[index], json);
      if (resource) use(resource);
    });
  }

  /**
   * Hands each staged resource's JSON to `use`, in staging order: sorted, neighbouring
   * resources are read in one positional read into one buffer reused for every read of
   * the call (a fresh buffer per read was external memory the collector had to chase).
   */
  private async readBack(
    run: SpillRun,
    indexes: number[],
    use: (index: number, json: string) => void,
  ): Promise<void> {
    indexes.sort((a, b) => a - b);
    const spans: { first: number; last: number; from: number; end: number }[] = [];
    let longest = 0;
    let first = 0;
    while (first < indexes.length) {
      const from = run.starts.get(indexes[first]);
      let last = first;
      let end = from + run.lengths.get(indexes[first]);
      while (last + 1 < indexes.length) {
        const next = indexes[last + 1];
        const nextEnd = run.starts.get(next) + run.lengths.get(next);
        if (run.starts.get(next) - end > MAX_GAP_BYTES || nextEnd - from > MAX_READ_BYTES) break;
        end = nextEnd;
        last += 1;
      }
      spans.push({ first, last, from, end });
      longest = Math.max(longest, end - from);
      first = last + 1;
    }
    const buffer = Buffer.allocUnsafe(longest);
    for (const span of spans) {
      await readAll(run.file, buffer.subarray(0, span.end - span.from), span.from);
      for (let at = span.first; at <= span.last; at++) {
        const index = indexes[at];
        const start = run.starts.get(index) - span.from;
        use(index, buffer.toString('utf8', start, start + run.lengths.get(index)));
      }
    }
  }
}

/** Where `seq` sits in `seqs` (ascending: staging order), or -1. */
function indexOf(seqs: NumberColumn<Uint32Array>, seq: number): number {
  let low = 0;
  let high = seqs.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const at = seqs.get(middle);
    if (at === seq) return middle;
    if (at < seq) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

async function writeAll(file: FileHandle, chunk: Buffer, position: number): Promise<void> {
  let written = 0;
  while (written < chunk.length) {
    const { bytesWritten } = await file.write(
      chunk,
      written,
      chunk.length - written,
      position + written,
    );
    written += bytesWritten;
  }
}

async function readAll(file: FileHandle, buffer: Buffer, position: number): Promise<void> {
  let read = 0;
  while (read < buffer.length) {
    const { bytesRead } = await file.read(buffer, read, buffer.length - read, position + read);
    if (bytesRead === 0) throw new Error('The staging spill file ended early');
    read += bytesRead;
  }
}
