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
import { extractSearchIndex } from '../../domain/search/search-index.js';
import { FhirResourceVersionEntity } from '../persistence/fhir-resource-version.entity.js';
import { FhirSearchIndexEntity } from '../persistence/fhir-search-index.entity.js';
import { parseContent } from './stored-content.js';

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

  /** Stores a new version (creating the resource when it does not exist) and re-indexes it. */
  async write<T extends Resource>(resource: T, id: string, ifMatch?: string): Promise<WithId<T>> {
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
    await this.addVersion(resource.resourceType, id, versionId, now, stored);
    await this.reindex(stored);
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

  private async reindex(resource: WithId<Resource>): Promise<void> {
    const key = {
      accountId: this.accountId,
      resourceType: resource.resourceType,
      resourceId: resource.id,
    };
    await this.manager.delete(FhirSearchIndexEntity, key);
    const rows = extractSearchIndex(resource).map((entry) => ({
      ...key,
      code: entry.code,
      kind: entry.kind,
      system: entry.system,
      value: entry.value,
      exact: entry.exact,
      low: entry.low === null ? null : new Date(entry.low),
      high: entry.high === null ? null : new Date(entry.high),
      numLow: entry.numLow === null ? null : String(entry.numLow),
      numHigh: entry.numHigh === null ? null : String(entry.numHigh),
    }));
    for (let start = 0; start < rows.length; start += 500) {
      await this.manager.insert(FhirSearchIndexEntity, rows.slice(start, start + 500));
    }
  }
}
