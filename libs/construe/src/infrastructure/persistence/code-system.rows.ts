import type { CodeSystem, CodeSystemStatus, SystemCode } from '../../domain/code-system.js';

/** A row of construe_code_system. */
export interface SystemRow {
  id: string;
  account_id: string | null;
  name: string;
  version: string;
  revision: number | null;
  builtin: boolean;
  status: CodeSystemStatus;
  error: string | null;
  code_count: number;
  created_at: Date | string;
  updated_at: Date | string;
}

/** The columns of construe_code every code read selects. */
export interface CodeRow {
  seq: number;
  code: string;
  description: string;
  definition: string | null;
}

export function toSystem(row: SystemRow): CodeSystem {
  return {
    id: row.id,
    accountId: row.account_id,
    name: row.name,
    version: row.version,
    revision: row.revision === null ? null : Number(row.revision),
    builtin: row.builtin,
    status: row.status,
    error: row.error,
    codeCount: Number(row.code_count),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

export function toCode(row: CodeRow): SystemCode {
  return row.definition === null
    ? { code: row.code, description: row.description }
    : { code: row.code, description: row.description, definition: row.definition };
}

/** A pgvector literal; a non-finite component is stored as 0. */
export function vectorLiteral(vector: number[]): string {
  return `[${vector.map((value) => (Number.isFinite(value) ? value.toFixed(6) : '0')).join(',')}]`;
}
