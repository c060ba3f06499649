import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ProfileRepository } from '../../application/ports/profile.repository.js';
import type { CustomProfile, ImplementationGuide } from '../../domain/profiles/custom-profile.js';
import { jsonColumn } from './json-column.js';

interface ProfileRow {
  id: string;
  url: string;
  resource_type: string;
  version: string | null;
  fhir_version: string | null;
  implementation_guide: string;
  structure_definition: Record<string, unknown> | string;
  created_at: Date | string;
  updated_at: Date | string;
}

const COLUMNS =
  'id, url, resource_type, version, fhir_version, implementation_guide, structure_definition, created_at, updated_at';

@Injectable()
export class SqlProfileRepository extends ProfileRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    super();
  }

  async listOwned(accountId: string, url?: string): Promise<CustomProfile[]> {
    const rows: ProfileRow[] =
      url === undefined
        ? await this.dataSource.query(
            `SELECT ${COLUMNS} FROM fhir_profile WHERE account_id = $1 ORDER BY id`,
            [accountId],
          )
        : await this.dataSource.query(
            `SELECT ${COLUMNS} FROM fhir_profile WHERE account_id = $1 AND url = $2 ORDER BY id`,
            [accountId, url],
          );
    return rows.map(toProfile);
  }

  async findOwned(accountId: string, id: string): Promise<CustomProfile | null> {
    const rows: ProfileRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM fhir_profile WHERE account_id = $1 AND id = $2`,
      [accountId, id],
    );
    return rows[0] ? toProfile(rows[0]) : null;
  }

  async findOwnedByUrl(accountId: string, url: string): Promise<CustomProfile | null> {
    return (await this.listOwned(accountId, url))[0] ?? null;
  }

  async insert(accountId: string, profile: CustomProfile): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO fhir_profile (account_id, ${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [accountId, ...values(profile)],
    );
  }

  async replace(accountId: string, profile: CustomProfile): Promise<void> {
    const [id, url, type, version, fhirVersion, guide, content, , updatedAt] = values(profile);
    await this.dataSource.query(
      `UPDATE fhir_profile SET url = $3, resource_type = $4, version = $5, fhir_version = $6,
         implementation_guide = $7, structure_definition = $8, updated_at = $9
       WHERE account_id = $1 AND id = $2`,
      [accountId, id, url, type, version, fhirVersion, guide, content, updatedAt],
    );
  }

  async remove(accountId: string, id: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      // In a CTE: TypeORM answers a DELETE with [rows, count] (never empty), a SELECT with its rows.
      'WITH gone AS (DELETE FROM fhir_profile WHERE account_id = $1 AND id = $2 RETURNING id) SELECT id FROM gone',
      [accountId, id],
    );
    return rows.length > 0;
  }

  async listOwnedGuides(accountId: string): Promise<ImplementationGuide[]> {
    const stored: {
      name: string;
      profile_context: string;
      created_at: Date | string;
      updated_at: Date | string;
    }[] = await this.dataSource.query(
      'SELECT name, profile_context, created_at, updated_at FROM fhir_implementation_guide WHERE account_id = $1',
      [accountId],
    );
    const members: { implementation_guide: string; id: string }[] = await this.dataSource.query(
      'SELECT implementation_guide, id FROM fhir_profile WHERE account_id = $1 ORDER BY id',
      [accountId],
    );
    const guides = new Map<string, ImplementationGuide>();
    for (const row of stored) {
      guides.set(row.name, {
        name: row.name,
        profileContext: row.profile_context,
        profileIds: [],
        createdAt: new Date(row.created_at),
        updatedAt: new Date(row.updated_at),
      });
    }
    for (const row of members) {
      const guide = guides.get(row.implementation_guide) ?? {
        name: row.implementation_guide,
        profileIds: [],
      };
      guide.profileIds.push(row.id);
      guides.set(guide.name, guide);
    }
    return [...guides.values()].sort((a, b) => a.name.localeCompare(b.name));
  }

  async setGuideContext(accountId: string, name: string, context: string): Promise<void> {
    const now = new Date();
    await this.dataSource.query(
      `INSERT INTO fhir_implementation_guide (account_id, name, profile_context, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $4)
       ON CONFLICT (account_id, name) DO UPDATE SET profile_context = $3, updated_at = $4`,
      [accountId, name, context, now],
    );
  }

  async removeGuideMetadata(accountId: string, name: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      'WITH gone AS (DELETE FROM fhir_implementation_guide WHERE account_id = $1 AND name = $2 RETURNING name) SELECT name FROM gone',
      [accountId, name],
    );
    return rows.length > 0;
  }
}

function values(profile: CustomProfile): unknown[] {
  return [
    profile.id,
    profile.url,
    profile.resourceType,
    profile.version ?? null,
    profile.fhirVersion ?? null,
    profile.implementationGuide,
    JSON.stringify(profile.structureDefinition),
    profile.createdAt,
    profile.updatedAt,
  ];
}

function toProfile(row: ProfileRow): CustomProfile {
  return {
    id: row.id,
    url: row.url,
    resourceType: row.resource_type,
    version: row.version ?? undefined,
    fhirVersion: row.fhir_version ?? undefined,
    implementationGuide: row.implementation_guide,
    structureDefinition: jsonColumn(row.structure_definition),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}
