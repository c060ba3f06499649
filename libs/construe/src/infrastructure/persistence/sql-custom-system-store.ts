import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { performance } from 'node:perf_hooks';
import type { DataSource, EntityManager } from 'typeorm';
import type { NewCodeSystem } from '../../application/ports/code-system.repository.js';
import { CustomSystemStore } from '../../application/ports/custom-system-store.js';
import { codeKey } from '../../domain/builtin-systems.js';
import { ConstrueError, ConstrueErrorCodes } from '../../domain/construe-errors.js';
import type { CodeSystem, SystemCode } from '../../domain/code-system.js';
import { toSystem, type SystemRow } from './code-system.rows.js';

// Each statement aims at this duration: in the embedded profile every statement holds the
// event loop (PGlite runs on it) and the one database session every request waits for.
// /health's database ping waits for the statements queued before it (two uploads and an
// embedding job: three), and the first statements of a process run slowly while the
// database's code warms up.
const TARGET_STATEMENT_MS = 15;
const FIRST_CHUNK = 50;
const MIN_CHUNK = 10;
const MAX_CHUNK = 5_000;

/** The next chunk size, so that a statement takes about TARGET_STATEMENT_MS. */
function nextChunk(size: number, elapsedMs: number): number {
  const scaled = Math.round((size * TARGET_STATEMENT_MS) / Math.max(elapsedMs, 1));
  return Math.min(MAX_CHUNK, Math.max(MIN_CHUNK, Math.min(scaled, size * 2)));
}

function systemExists(system: { name: string; version: string }): ConstrueError {
  return new ConstrueError(
    'conflict',
    ConstrueErrorCodes.SYSTEM_EXISTS,
    `Code system ${system.name} version ${system.version} already exists; send replace: true to replace it`,
  );
}

@Injectable()
export class SqlCustomSystemStore extends CustomSystemStore {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    super();
  }

  private async published(
    manager: EntityManager | DataSource,
    system: { accountId: string | null; name: string; version: string },
    lock: boolean,
  ): Promise<string | null> {
    const rows = await manager.query<{ id: string }[]>(
      `SELECT id FROM construe_code_system WHERE account_id = $1 AND name = $2 AND version = $3
       AND NOT builtin AND status <> 'loading'${lock ? ' FOR UPDATE' : ''}`,
      [system.accountId, system.name, system.version],
    );
    return rows[0]?.id ?? null;
  }

  async begin(system: NewCodeSystem, codeCount: number, replace: boolean): Promise<CodeSystem> {
    if (!replace && (await this.published(this.dataSource, system, false)) !== null)
      throw systemExists(system);
    const [row] = await this.dataSource.query<SystemRow[]>(
      `INSERT INTO construe_code_system (id, account_id, name, version, revision, builtin, status, code_count)
       VALUES ($1, $2, $3, $4, $5, false, 'loading', $6) RETURNING *`,
      [system.id, system.accountId, system.name, system.version, system.revision, codeCount],
    );
    return toSystem(row);
  }

  async appendCodes(systemId: string, codes: SystemCode[], signal?: AbortSignal): Promise<void> {
    let size = FIRST_CHUNK;
    for (let offset = 0; offset < codes.length;) {
      signal?.throwIfAborted();
      const chunk = codes.slice(offset, offset + size);
      const started = performance.now();
      await this.dataSource.query(
        `INSERT INTO construe_code (system_id, seq, code, code_key, description, definition)
         SELECT $1, * FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::text[])`,
        [
          systemId,
          chunk.map((_, index) => offset + index + 1),
          chunk.map((code) => code.code),
          chunk.map((code) => codeKey(code.code)),
          chunk.map((code) => code.description),
          chunk.map((code) => code.definition ?? null),
        ],
      );
      offset += chunk.length;
      size = nextChunk(chunk.length, performance.now() - started);
    }
  }

  async publish(
    systemId: string,
    replace: boolean,
  ): Promise<{ system: CodeSystem; replacedId: string | null }> {
    return this.dataSource.transaction(async (manager) => {
      const [loading] = await manager.query<SystemRow[]>(
        "SELECT * FROM construe_code_system WHERE id = $1 AND status = 'loading' FOR UPDATE",
        [systemId],
      );
      const replacedId = await this.published(manager, toSystem(loading), true);
      if (replacedId !== null) {
        if (!replace) throw systemExists(toSystem(loading));
        await manager.query(
          "UPDATE construe_code_system SET status = 'loading', updated_at = now() WHERE id = $1",
          [replacedId],
        );
      }
      // In a CTE: TypeORM answers an UPDATE with [rows, count], a SELECT with its rows.
      const [row] = await manager.query<SystemRow[]>(
        `WITH published AS (UPDATE construe_code_system SET status = 'processing', updated_at = now()
         WHERE id = $1 RETURNING *) SELECT * FROM published`,
        [systemId],
      );
      return { system: toSystem(row), replacedId };
    });
  }

  async removeOwned(accountId: string, systemId: string): Promise<void> {
    const hidden = await this.dataSource.query<{ id: string }[]>(
      `WITH hidden AS (UPDATE construe_code_system SET status = 'loading', updated_at = now()
       WHERE id = $1 AND account_id = $2 AND NOT builtin RETURNING id) SELECT id FROM hidden`,
      [systemId, accountId],
    );
    if (hidden.length === 0) return;
    // Ranges of seq, never "the first N": without statistics on a system just written, the
    // planner reads all its rows and sorts them for every chunk.
    const [{ last }] = await this.dataSource.query<{ last: number | null }[]>(
      'SELECT max(seq) AS last FROM construe_code WHERE system_id = $1',
      [systemId],
    );
    let size = FIRST_CHUNK * 20;
    for (let after = 0; after < (last ?? 0);) {
      const started = performance.now();
      await this.dataSource.query(
        'DELETE FROM construe_code WHERE system_id = $1 AND seq > $2 AND seq <= $3',
        [systemId, after, after + size],
      );
      after += size;
      size = nextChunk(size, performance.now() - started);
    }
    await this.dataSource.query('DELETE FROM construe_code_system WHERE id = $1', [systemId]);
  }
}
