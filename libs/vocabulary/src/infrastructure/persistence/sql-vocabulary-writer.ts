import { Injectable } from '@nestjs/common';
import { inCopySession, type CopySession } from '@app/platform';
import { AppConfig, type Profile } from '@app/shared';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  type AthenaLines,
  type LoadedTable,
  VocabularyWriter,
} from '../../application/ports/vocabulary-writer.js';
import { AthenaFormatError } from '../../domain/athena-file.js';
import type { VocabularyTable } from '../../domain/athena-tables.js';
import {
  LOCAL_CONCEPT_ID_START,
  type PublisherCode,
  type PublisherVocabulary,
} from '../../domain/publisher-files.js';
import {
  copyOptions,
  copyTargetSql,
  createStageSql,
  dropRepeatedKeysSql,
  indexesSql,
  upsertFromStageSql,
  vocabularyIdsSql,
} from './athena-table-sql.js';

const ENGLISH = 4180186;
/** PostgreSQL's cardinality_violation: ON CONFLICT DO UPDATE met the same key twice. */
const KEY_REPEATED = '21000';
const UNIQUE_VIOLATION = '23505';
const NOT_NULL_VIOLATION = '23502';
/** Memory for one sorted index build (the server's default, 64 MB, spills a table of millions to disk). */
const INDEX_BUILD_MEMORY: Record<Profile, string> = {
  server: '256MB',
  // PGlite's WASM heap never shrinks: a large sort buffer stays in the process's RSS, so
  // the sorts spill to its files instead (5,000,000 Athena rows: no slower, peak RSS 433 MB
  // with the other embedded settings, against 609 MB with 256 MB).
  embedded: '16MB',
};

interface TableIndex {
  name: string;
  indexDefinition: string;
  constraint: string | null;
  constraintDefinition: string | null;
}

/**
 * A row COPY refused (a bad number or date, a missing cell, a required one empty) as an
 * Athena format error naming the line (COPY's context: "COPY t, line 2, column c: …").
 */
function asFormatError(error: unknown): unknown {
  const { code, where, message } = error as { code?: string; where?: string; message?: string };
  const badData = code?.startsWith('22') || code === NOT_NULL_VIOLATION;
  const at = where ? /COPY \w+, line (\d+)(?:, column (\w+))?/.exec(where) : null;
  if (!badData || !at) return error;
  return new AthenaFormatError(at[2] ? `${at[2]}: ${message}` : `${message}`, Number(at[1]));
}

/**
 * Bulk path, one transaction per file: into an empty table, COPY with its indexes dropped
 * and rebuilt once; into a filled one, COPY into an unindexed temporary stage merged with
 * one `INSERT … ON CONFLICT`. The file's lines go to COPY as read (CSV mode, tab-delimited,
 * no quoting), so the database parses and checks every cell. The same code runs on
 * PostgreSQL (COPY FROM STDIN) and PGlite (COPY FROM its /dev/blob).
 */
@Injectable()
export class SqlVocabularyWriter extends VocabularyWriter {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
  ) {
    super();
  }

  async load(table: VocabularyTable, lines: AthenaLines): Promise<LoadedTable> {
    return inCopySession(this.dataSource, async (session) => {
      const [{ empty }] = await session.query<{ empty: boolean }>(
        `SELECT NOT EXISTS (SELECT 1 FROM vocab.${table.table}) AS empty`,
      );
      let changed = true;
      try {
        if (empty) await this.loadIntoEmpty(session, table, lines);
        else changed = await this.upsertThroughStage(session, table, lines);
      } catch (error) {
        throw asFormatError(error);
      }
      // Fresh statistics: what reads the vocabulary next (the builtin code systems) is
      // planned on them.
      await session.query(`ANALYZE vocab.${table.table}`);
      if (table.table !== 'concept') return { vocabularyIds: [], changed };
      const ids = await session.query<{ id: string }>(vocabularyIdsSql(empty));
      return { vocabularyIds: ids.map((row) => row.id), changed };
    });
  }

  /**
   * First import of a table: COPY straight into it with its indexes dropped (FREEZE: the
   * table was emptied in this transaction, so its rows are written already visible), then
   * build them once: a sorted build is several times faster than maintaining them row by row.
   */
  private async loadIntoEmpty(
    session: CopySession,
    table: VocabularyTable,
    lines: AthenaLines,
  ): Promise<void> {
    const indexes = await session.query<TableIndex>(indexesSql(table));
    for (const index of indexes)
      await session.query(
        index.constraint
          ? `ALTER TABLE vocab.${table.table} DROP CONSTRAINT ${index.constraint}`
          : `DROP INDEX vocab.${index.name}`,
      );
    await session.query(`TRUNCATE vocab.${table.table}`);
    await session.copyBytes(
      `vocab.${table.table} (${lines.columns.join(', ')})`,
      `${copyOptions(table, lines.columns)}, FREEZE`,
      lines.chunks,
    );
    await session.query(
      `SET LOCAL maintenance_work_mem = '${INDEX_BUILD_MEMORY[this.config.profile]}'`,
    );
    for (const index of indexes.filter((candidate) => candidate.constraint)) {
      const add = `ALTER TABLE vocab.${table.table} ADD CONSTRAINT ${index.constraint} ${index.constraintDefinition}`;
      await session.query('SAVEPOINT add_key');
      try {
        await session.query(add);
      } catch (error) {
        if ((error as { code?: string }).code !== UNIQUE_VIOLATION) throw error;
        await session.query('ROLLBACK TO SAVEPOINT add_key');
        await session.query(dropRepeatedKeysSql(table));
        await session.query(add);
      }
    }
    for (const index of indexes.filter((candidate) => !candidate.constraint))
      await session.query(index.indexDefinition);
  }

  /**
   * Later imports: COPY into an unindexed stage, then one upsert into the indexed table.
   * Returns whether it inserted or updated any row.
   */
  private async upsertThroughStage(
    session: CopySession,
    table: VocabularyTable,
    lines: AthenaLines,
  ): Promise<boolean> {
    await session.query(createStageSql(table));
    await session.copyBytes(
      copyTargetSql(lines.columns),
      copyOptions(table, lines.columns),
      lines.chunks,
    );
    await session.query('SAVEPOINT upsert');
    let written: { count: number }[];
    try {
      written = await session.query(upsertFromStageSql(table, false));
    } catch (error) {
      if ((error as { code?: string }).code !== KEY_REPEATED) throw error;
      await session.query('ROLLBACK TO SAVEPOINT upsert');
      written = await session.query(upsertFromStageSql(table, true));
    }
    return Number(written[0].count) > 0;
  }

  async upsertPublisherCodes(
    vocabulary: PublisherVocabulary,
    codes: PublisherCode[],
  ): Promise<void> {
    const byCode = new Map(codes.map((code) => [code.code, code]));
    const unique = [...byCode.values()];
    const today = new Date().toISOString().slice(0, 10);
    await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `INSERT INTO vocab.vocabulary (vocabulary_id, vocabulary_name, vocabulary_concept_id) VALUES ($1, $2, 0) ON CONFLICT (vocabulary_id) DO NOTHING`,
        [vocabulary.vocabularyId, vocabulary.vocabularyName],
      );
      const params = [
        unique.map((code) => code.code),
        unique.map((code) => code.name.slice(0, 255)),
        unique.map((code) => vocabulary.conceptClassOf(code)),
        unique.map((code) => (code.inactive ? 'D' : null)),
        vocabulary.vocabularyId,
        vocabulary.domainId,
        LOCAL_CONCEPT_ID_START,
        today,
      ];
      // Local concepts already known: refresh their text. Athena's concepts are left as they are.
      await manager.query(
        `UPDATE vocab.concept c SET concept_name = i.name, concept_class_id = i.class, invalid_reason = i.invalid
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS i(code, name, class, invalid)
         WHERE c.vocabulary_id = $5 AND c.concept_code = i.code AND c.concept_id > $6`,
        [...params.slice(0, 5), LOCAL_CONCEPT_ID_START],
      );
      await manager.query(
        `WITH incoming AS (
           SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) WITH ORDINALITY AS i(code, name, class, invalid, position)
         ), fresh AS (
           SELECT i.* FROM incoming i
           WHERE NOT EXISTS (SELECT 1 FROM vocab.concept c WHERE c.vocabulary_id = $5 AND c.concept_code = i.code)
         ), base AS (
           SELECT COALESCE(MAX(concept_id), $7) AS last_id FROM vocab.concept WHERE concept_id > $7
         )
         INSERT INTO vocab.concept (concept_id, concept_name, domain_id, vocabulary_id, concept_class_id, standard_concept,
                                    concept_code, valid_start_date, valid_end_date, invalid_reason)
         SELECT base.last_id + row_number() OVER (ORDER BY fresh.position), fresh.name, $6, $5, fresh.class, NULL,
                fresh.code, $8::date, DATE '2099-12-31', fresh.invalid
         FROM fresh, base`,
        params,
      );
      const synonyms = unique.filter((code) => code.shortName && code.shortName !== code.name);
      if (synonyms.length > 0) {
        await manager.query(
          `INSERT INTO vocab.concept_synonym (concept_id, concept_synonym_name, language_concept_id)
           SELECT c.concept_id, s.name, ${ENGLISH}
           FROM unnest($1::text[], $2::text[]) AS s(code, name)
           JOIN vocab.concept c ON c.vocabulary_id = $3 AND c.concept_code = s.code
           ON CONFLICT DO NOTHING`,
          [
            synonyms.map((code) => code.code),
            synonyms.map((code) => code.shortName!),
            vocabulary.vocabularyId,
          ],
        );
      }
    });
  }

  async analyzePublisherCodes(): Promise<void> {
    // As after an Athena file: the builtin code systems are built from vocab.concept next,
    // and without statistics a freshly filled table is planned as one row.
    await this.dataSource.query('ANALYZE vocab.concept');
  }

  async setVocabularyVersion(vocabulary: PublisherVocabulary, version: string): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO vocab.vocabulary (vocabulary_id, vocabulary_name, vocabulary_version, vocabulary_concept_id) VALUES ($1, $2, $3, 0)
       ON CONFLICT (vocabulary_id) DO UPDATE SET vocabulary_version = EXCLUDED.vocabulary_version`,
      [vocabulary.vocabularyId, vocabulary.vocabularyName, version],
    );
  }
}
