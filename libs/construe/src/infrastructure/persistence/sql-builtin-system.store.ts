import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { isEmbedded } from '@app/platform';
import { inLanes } from '@app/shared';
import { BuiltinSystemStore } from '../../application/ports/builtin-system.store.js';
import type { CodeSystem } from '../../domain/code-system.js';
import { writeBuiltinCodesSql } from './builtin-codes.sql.js';
import { BuiltinLinks } from './builtin-links.js';
import { toSystem, type SystemRow } from './code-system.rows.js';
import { withIndexesDeferred } from './deferred-indexes.js';
import { FreshCodeTable } from './fresh-code-table.js';
import { dropTablesNamed, whileLocked } from './session-lock.js';

/** Builtin systems built side by side on a server database. */
const CONCURRENT_BUILDS = 3;

/** How long a fresh code table's swap waits for the code tables' locks. */
const SWAP_LOCK_TIMEOUT = '1s';
/** PostgreSQL's error code for a lock not obtained within `lock_timeout`. */
const LOCK_NOT_AVAILABLE = '55P03';

@Injectable()
export class SqlBuiltinSystemStore extends BuiltinSystemStore {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    super();
  }

  async listBuiltin(): Promise<CodeSystem[]> {
    const rows = await this.dataSource.query<SystemRow[]>(
      'SELECT * FROM construe_code_system WHERE builtin ORDER BY name',
    );
    return rows.map(toSystem);
  }

  async materializeBuiltins(
    systems: readonly { name: string; vocabularyId: string }[],
  ): Promise<(CodeSystem | null)[]> {
    if (isEmbedded(this.dataSource)) {
      const counts = await this.conceptCounts(systems.map((system) => system.vocabularyId));
      if (await this.rewritesMostCodes(systems, counts))
        return this.materializeInBulk(systems, counts);
    } else if (await this.codeTableEmpty()) {
      // One fresh build at a time (a second process builds as on a re-import), which makes
      // the tables a killed one left safe to drop.
      const built = await whileLocked(this.dataSource, 'construe_code fresh build', async () => {
        await dropTablesNamed(this.dataSource, FreshCodeTable.prefix('construe_code'));
        await dropTablesNamed(this.dataSource, BuiltinLinks.prefix);
        return this.materializeFresh(systems);
      });
      if (built) return built;
    }
    // Each build is one statement on one core: a server runs a few side by side, each in
    // its own transaction; PGlite runs one statement at a time anyway.
    const lanes = isEmbedded(this.dataSource) ? 1 : CONCURRENT_BUILDS;
    const built: (CodeSystem | null)[] = new Array<CodeSystem | null>(systems.length);
    await inLanes(systems, lanes, async ({ name, vocabularyId }, index) => {
      built[index] = await this.materializeBuiltin(name, vocabularyId);
    });
    return built;
  }

  async materializeBuiltin(name: string, vocabularyId: string): Promise<CodeSystem | null> {
    return this.dataSource.transaction(async (manager) => {
      const counts = await this.conceptCounts([vocabularyId], manager);
      await this.tuneBuild(manager);
      return this.build(manager, name, vocabularyId, counts.get(vocabularyId) ?? 0);
    });
  }

  /**
   * Embedded, when the systems rebuilt hold at least as many codes as the rest (a first
   * import): one transaction, the old systems deleted first, then every system written
   * with the code table's keys and indexes dropped and built once at the end. The CLI owns
   * an embedded database, so the table's lock keeps no one waiting.
   */
  private async materializeInBulk(
    systems: readonly { name: string; vocabularyId: string }[],
    counts: ReadonlyMap<string, number>,
  ): Promise<(CodeSystem | null)[]> {
    return this.dataSource.transaction(async (manager) => {
      await this.tuneBuild(manager);
      const replaced = systems
        .filter((system) => (counts.get(system.vocabularyId) ?? 0) > 0)
        .map((system) => system.name);
      // No other system: every code row is a replaced system's. Emptied by TRUNCATE, the table
      // gets new files, which PGlite (minimal WAL) writes without logging each row, and leaves
      // no dead rows behind (PGlite has no autovacuum).
      const [{ othersLeft }] = await manager.query<{ othersLeft: boolean }[]>(
        'SELECT EXISTS (SELECT 1 FROM construe_code_system WHERE NOT (builtin AND name = ANY($1))) AS "othersLeft"',
        [replaced],
      );
      if (!othersLeft) await manager.query('TRUNCATE construe_code');
      // Before the foreign key goes: deleting a system deletes its codes through it.
      await manager.query('DELETE FROM construe_code_system WHERE builtin AND name = ANY($1)', [
        replaced,
      ]);
      return withIndexesDeferred(manager, 'construe_code', async () => {
        const built: (CodeSystem | null)[] = [];
        for (const { name, vocabularyId } of systems)
          built.push(await this.build(manager, name, vocabularyId, counts.get(vocabularyId) ?? 0));
        return built;
      });
    });
  }

  /**
   * Server, when no code of any system is stored yet (a first import), so nothing can be
   * searched: every system's codes are written into a new table without indexes, a few
   * systems side by side, its indexes built a few at a time, and the new table swapped in
   * for the code table in one short transaction (catalog work; the foreign key is validated
   * after it). Readers wait only for that swap. Null when a code was stored meanwhile: the
   * caller then builds the systems one by one, as on any re-import.
   */
  private async materializeFresh(
    systems: readonly { name: string; vocabularyId: string }[],
  ): Promise<(CodeSystem | null)[] | null> {
    const counts = await this.conceptCounts(systems.map((system) => system.vocabularyId));
    const planned = systems
      .map((system) => ({ ...system, id: randomUUID(), codes: 0 }))
      .filter((system) => (counts.get(system.vocabularyId) ?? 0) > 0);
    if (planned.length === 0) return systems.map(() => null);
    const fresh = new FreshCodeTable(this.dataSource, 'construe_code');
    const links = new BuiltinLinks(this.dataSource);
    await fresh.create();
    try {
      await links.write(planned.map((system) => system.vocabularyId));
      await inLanes(planned, CONCURRENT_BUILDS, async (system) => {
        await this.dataSource.transaction(async (manager) => {
          await this.tuneBuild(manager);
          system.codes = await this.writeCodes(
            manager,
            system.id,
            system.vocabularyId,
            fresh.name,
            links.name,
          );
        });
      });
      await links.drop();
      await fresh.index(CONCURRENT_BUILDS, async (manager) => {
        await manager.query(`SET LOCAL maintenance_work_mem = '256MB'`);
      });
      const swapped = await this.dataSource
        .transaction(async (manager) => {
          // A session that keeps either table locked (a long transaction) must not queue every
          // search behind this swap: past a short wait the systems are built one by one.
          await manager.query(`SET LOCAL lock_timeout = '${SWAP_LOCK_TIMEOUT}'`);
          // The order in which a search reads them; the swap itself needs both.
          await manager.query(
            'LOCK TABLE construe_code_system, construe_code IN ACCESS EXCLUSIVE MODE',
          );
          if (!(await this.codeTableEmpty(manager))) return false;
          await manager.query('DELETE FROM construe_code_system WHERE builtin AND name = ANY($1)', [
            planned.map((system) => system.name),
          ]);
          for (const { id, name, vocabularyId, codes } of planned)
            await this.insertSystem(manager, id, name, vocabularyId, codes);
          await fresh.swapIn(manager);
          return true;
        })
        .catch((error: unknown) => {
          const { code, driverError } = error as { code?: string; driverError?: { code?: string } };
          if ((code ?? driverError?.code) === LOCK_NOT_AVAILABLE) return false;
          throw error;
        });
      if (!swapped) return null;
      await fresh.validate();
    } finally {
      await links.drop();
      await fresh.discard();
    }
    const rows = await this.dataSource.query<SystemRow[]>(
      'SELECT * FROM construe_code_system WHERE id = ANY($1)',
      [planned.map((system) => system.id)],
    );
    return systems.map((system) => {
      const row = rows.find((candidate) => candidate.name === system.name);
      return row ? toSystem(row) : null;
    });
  }

  private async codeTableEmpty(manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    const [{ empty }] = await manager.query<{ empty: boolean }[]>(
      'SELECT NOT EXISTS (SELECT 1 FROM construe_code) AS empty',
    );
    return empty;
  }

  /** Valid concepts per vocabulary (a vocabulary without any is absent). */
  private async conceptCounts(
    vocabularyIds: readonly string[],
    manager: EntityManager = this.dataSource.manager,
  ): Promise<Map<string, number>> {
    const rows = await manager.query<{ vocabulary_id: string; count: string }[]>(
      `SELECT vocabulary_id, count(*) AS count FROM vocab.concept
       WHERE vocabulary_id = ANY($1) AND invalid_reason IS NULL GROUP BY vocabulary_id`,
      [vocabularyIds],
    );
    return new Map(rows.map((row) => [row.vocabulary_id, Number(row.count)]));
  }

  /** Whether the systems to build hold at least as many codes as every other system. */
  private async rewritesMostCodes(
    systems: readonly { name: string }[],
    counts: ReadonlyMap<string, number>,
  ): Promise<boolean> {
    const [{ kept }] = await this.dataSource.query<{ kept: string }[]>(
      'SELECT coalesce(sum(code_count), 0) AS kept FROM construe_code_system WHERE NOT (builtin AND name = ANY($1))',
      [systems.map((system) => system.name)],
    );
    const written = [...counts.values()].reduce((sum, count) => sum + count, 0);
    return written > 0 && written >= Number(kept);
  }

  private async tuneBuild(manager: EntityManager): Promise<void> {
    // The build statement is costed in the billions on a large vocabulary (the code-prefix
    // join), which turns on JIT compilation: seconds of compiling for a plan that runs once.
    await manager.query('SET LOCAL jit = off');
    // PGlite's WASM heap never gives memory back, so its hashes and sorts get a bounded 8 MB
    // (5 million Athena rows: at 1 MB they spilled to its files, ~12% more CPU for the import;
    // at 8 MB the refresh's peak RSS was 408-485 MB against 414-441 MB, four runs and two).
    if (isEmbedded(this.dataSource)) {
      await manager.query(`SET LOCAL work_mem = '8MB'`);
      // The keys and indexes a bulk write builds at the end: the vocabulary's index builds' memory.
      await manager.query(`SET LOCAL maintenance_work_mem = '16MB'`);
    }
  }

  /** Replaces the builtin system `name` with the valid concepts of `vocabularyId`; null when it has none. */
  private async build(
    manager: EntityManager,
    name: string,
    vocabularyId: string,
    count: number,
  ): Promise<CodeSystem | null> {
    if (count === 0) return null;
    await manager.query('DELETE FROM construe_code_system WHERE builtin AND name = $1', [name]);
    const row = await this.insertSystem(manager, randomUUID(), name, vocabularyId, count);
    const inserted = await this.writeCodes(manager, row.id, vocabularyId);
    await manager.query('UPDATE construe_code_system SET code_count = $2 WHERE id = $1', [
      row.id,
      inserted,
    ]);
    return { ...toSystem(row), codeCount: inserted };
  }

  /** A builtin system's row (status processing), named after its vocabulary's release. */
  private async insertSystem(
    manager: EntityManager,
    id: string,
    name: string,
    vocabularyId: string,
    count: number,
  ): Promise<SystemRow> {
    const [vocabulary] = await manager.query<{ vocabulary_version: string | null }[]>(
      'SELECT vocabulary_version FROM vocab.vocabulary WHERE vocabulary_id = $1',
      [vocabularyId],
    );
    const version = vocabulary?.vocabulary_version ?? 'unversioned';
    const [row] = await manager.query<SystemRow[]>(
      `INSERT INTO construe_code_system (id, account_id, name, version, builtin, status, code_count)
       VALUES ($1, NULL, $2, $3, true, 'processing', $4) RETURNING *`,
      [id, name, version, count],
    );
    return row;
  }

  /** Computes and writes the codes of the system `systemId` from `vocabularyId` into `table`; returns how many. */
  private async writeCodes(
    manager: EntityManager,
    systemId: string,
    vocabularyId: string,
    table = 'construe_code',
    links?: string,
  ): Promise<number> {
    const [{ inserted }] = await manager.query<{ inserted: string }[]>(
      writeBuiltinCodesSql(table, links),
      [systemId, vocabularyId],
    );
    return Number(inserted);
  }
}
