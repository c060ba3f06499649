import {
  gone,
  notFound,
  OperationOutcomeError,
  preconditionFailed,
  type WithId,
} from '@medplum/core';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { Resource } from '../../domain/fhir-types.js';
import { stampVersion } from '../../domain/resource/resource-rules.js';
import { RequestContext, workPacer } from '@app/shared';
import {
  extractSearchIndexPaced,
  type SearchIndexEntry,
} from '../../domain/search/search-index.js';
import { FhirResourceVersionEntity } from '../persistence/fhir-resource-version.entity.js';
import { FhirSearchIndexEntity } from '../persistence/fhir-search-index.entity.js';
import { parseContent } from './stored-content.js';

/** Index rows per INSERT: ~1,000 rows is a few milliseconds of statement. */
const INDEX_ROWS_PER_STATEMENT = 1_000;

interface CurrentRow {
  version_id: string;
  deleted: boolean;
  content: unknown;
}

export interface VersionRow {
  version_id: string;
  last_updated: Date;
  content: unknown;
}

/**
 * The rows behind one account's sandbox resources: the current version, every version,
 * and the search index. Writes expect to run inside a transaction (they lock the row).
 */
export class ResourceRows {
  constructor(
    private readonly manager: EntityManager,
    private readonly accountId: string,
  ) {}

  async readCurrent<T extends Resource>(resourceType: string, id: string): Promise<WithId<T>> {
    const rows: CurrentRow[] = await this.manager.query(
      'SELECT version_id, deleted, content FROM fhir_sandbox_resource WHERE account_id = $1 AND resource_type = $2 AND id = $3',
      [this.accountId, resourceType, id],
    );
    if (rows.length === 0) throw new OperationOutcomeError(notFound);
    if (rows[0].deleted) throw new OperationOutcomeError(gone);
    return parseContent<WithId<T>>(rows[0].content);
  }

  readVersions(
    resourceType: string,
    id: string,
    limit: number,
    offset: number,
  ): Promise<VersionRow[]> {
    return this.manager.query(
      `SELECT version_id, last_updated, content FROM fhir_sandbox_resource_version
       WHERE account_id = $1 AND resource_type = $2 AND id = $3
       ORDER BY last_updated DESC, version_id LIMIT $4 OFFSET $5`,
      [this.accountId, resourceType, id, limit, offset],
    );
  }

  async readVersion<T extends Resource>(
    resourceType: string,
    id: string,
    versionId: string,
  ): Promise<WithId<T>> {
    const rows: { content: unknown }[] = await this.manager.query(
      `SELECT content FROM fhir_sandbox_resource_version
       WHERE account_id = $1 AND version_id = $2 AND resource_type = $3 AND id = $4`,
      [this.accountId, versionId, resourceType, id],
    );
    if (rows.length === 0) throw new OperationOutcomeError(notFound);
    if (rows[0].content === null) throw new OperationOutcomeError(gone);
    return parseContent<WithId<T>>(rows[0].content);
  }

  /**
   * The search index entries of a resource, computed in paced steps. They do not depend on
   * the id or the server's meta fields (`_id` and `_lastUpdated` are columns), so they can be
   * computed before the transaction that writes them.
   */
  static indexOf(resource: Resource): Promise<SearchIndexEntry[]> {
    return extractSearchIndexPaced(resource, workPacer(RequestContext.signal()));
  }

  /**
   * Stores a new version (creating the resource when it does not exist) and re-indexes it,
   * with `entries` when they were computed beforehand (`indexOf` of the same resource).
   */
  async write<T extends Resource>(
    resource: T,
    id: string,
    ifMatch?: string,
    entries?: SearchIndexEntry[],
  ): Promise<WithId<T>> {
    const current = await this.lock(resource.resourceType, id);
    if (ifMatch !== undefined && (!current || current.deleted || current.version_id !== ifMatch)) {
      throw new OperationOutcomeError(preconditionFailed);
    }
    const versionId = randomUUID();
    const now = new Date();
    const stored = stampVersion(resource, id, versionId, now);
    await this.manager.query(
      `INSERT INTO fhir_sandbox_resource (account_id, resource_type, id, version_id, last_updated, deleted, content)
       VALUES ($1, $2, $3, $4, $5, false, $6)
       ON CONFLICT (account_id, resource_type, id)
       DO UPDATE SET version_id = EXCLUDED.version_id, last_updated = EXCLUDED.last_updated,
                     deleted = false, content = EXCLUDED.content`,
      [this.accountId, resource.resourceType, id, versionId, now, JSON.stringify(stored)],
    );
    // The version row copies the jsonb just stored: PostgreSQL parses the JSON text once (in
    // the embedded profile PGlite parses on the event loop: ~0.3 s for a 1.7 MB resource).
    await this.manager.query(
      `INSERT INTO fhir_sandbox_resource_version (account_id, version_id, resource_type, id, last_updated, content)
       SELECT account_id, version_id, resource_type, id, last_updated, content FROM fhir_sandbox_resource
       WHERE account_id = $1 AND resource_type = $2 AND id = $3`,
      [this.accountId, resource.resourceType, id],
    );
    await this.reindex(stored, entries ?? (await ResourceRows.indexOf(stored)));
    return stored;
  }

  /** Leaves a tombstone (reads answer 410) and a deletion in the history; false when absent. */
  async delete(resourceType: string, id: string): Promise<boolean> {
    const current = await this.lock(resourceType, id);
    if (!current) return false;
    if (current.deleted) return true;
    const versionId = randomUUID();
    const now = new Date();
    await this.manager.query(
      `UPDATE fhir_sandbox_resource SET deleted = true, content = NULL, version_id = $4, last_updated = $5
       WHERE account_id = $1 AND resource_type = $2 AND id = $3`,
      [this.accountId, resourceType, id, versionId, now],
    );
    await this.addVersion(resourceType, id, versionId, now, null);
    await this.manager.delete(FhirSearchIndexEntity, {
      accountId: this.accountId,
      resourceType,
      resourceId: id,
    });
    return true;
  }

  private lock(resourceType: string, id: string): Promise<CurrentRow | undefined> {
    return this.manager
      .query(
        `SELECT version_id, deleted, NULL AS content FROM fhir_sandbox_resource
         WHERE account_id = $1 AND resource_type = $2 AND id = $3 FOR UPDATE`,
        [this.accountId, resourceType, id],
      )
      .then((rows: CurrentRow[]) => rows[0]);
  }

  private async addVersion(
    resourceType: string,
    id: string,
    versionId: string,
    lastUpdated: Date,
    content: object | null,
  ): Promise<void> {
    await this.manager.insert(FhirResourceVersionEntity, {
      accountId: this.accountId,
      versionId,
      resourceType,
      id,
      lastUpdated,
      content,
    });
  }

  /**
   * Replaces the resource's index rows. The entries (computed in paced steps) are written
   * `INDEX_ROWS_PER_STATEMENT` at a time as column arrays (13 parameters a statement, not
   * one per value), so a resource with 50,000 entries never holds the event loop long; in
   * the embedded profile each statement runs on it.
   */
  private async reindex(resource: WithId<Resource>, entries: SearchIndexEntry[]): Promise<void> {
    const key = {
      accountId: this.accountId,
      resourceType: resource.resourceType,
      resourceId: resource.id,
    };
    await this.manager.delete(FhirSearchIndexEntity, key);
    const pace = workPacer(RequestContext.signal());
    for (let start = 0; start < entries.length; start += INDEX_ROWS_PER_STATEMENT) {
      await pace();
      await this.insertIndexRows(resource, entries.slice(start, start + INDEX_ROWS_PER_STATEMENT));
    }
  }

  private async insertIndexRows(
    resource: WithId<Resource>,
    entries: SearchIndexEntry[],
  ): Promise<void> {
    const column = <T>(pick: (entry: SearchIndexEntry) => T): T[] => entries.map(pick);
    await this.manager.query(
      `INSERT INTO fhir_sandbox_search_index
         (account_id, resource_type, resource_id, code, kind, system, value, exact, low, high, num_low, num_high)
       SELECT $1, $2, $3, * FROM unnest($4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
         $9::timestamptz[], $10::timestamptz[], $11::numeric[], $12::numeric[])`,
      [
        this.accountId,
        resource.resourceType,
        resource.id,
        column((entry) => entry.code),
        column((entry) => entry.kind),
        column((entry) => entry.system),
        column((entry) => entry.value),
        column((entry) => entry.exact),
        column((entry) => entry.low),
        column((entry) => entry.high),
        column((entry) => (entry.numLow === null ? null : String(entry.numLow))),
        column((entry) => (entry.numHigh === null ? null : String(entry.numHigh))),
      ],
    );
  }
}
