export type CdmColumnType =
  'integer' | 'bigint' | 'numeric' | 'float' | 'date' | 'timestamp' | 'varchar' | 'text';

/** A column of a CDM table as the target database declares it. */
export interface CdmColumn {
  name: string;
  type: CdmColumnType;
  /** SQL type to cast to, e.g. `integer`, `varchar(50)`. */
  sqlType: string;
  nullable: boolean;
  maxLength?: number;
}

/** Maps information_schema's data_type to the handful of kinds the CDM uses. */
export function cdmColumnType(dataType: string): CdmColumnType {
  switch (dataType) {
    case 'integer':
    case 'smallint':
      return 'integer';
    case 'bigint':
      return 'bigint';
    case 'numeric':
      return 'numeric';
    case 'double precision':
    case 'real':
      return 'float';
    case 'date':
      return 'date';
    case 'timestamp without time zone':
    case 'timestamp with time zone':
      return 'timestamp';
    case 'character varying':
    case 'character':
      return 'varchar';
    default:
      return 'text';
  }
}

export function cdmColumn(
  name: string,
  dataType: string,
  nullable: boolean,
  maxLength?: number | null,
): CdmColumn {
  const type = cdmColumnType(dataType);
  const sqlType =
    type === 'varchar'
      ? maxLength
        ? `varchar(${maxLength})`
        : 'varchar'
      : type === 'float'
        ? 'double precision'
        : type === 'timestamp'
          ? dataType
          : type;
  return { name, type, sqlType, nullable, maxLength: maxLength ?? undefined };
}

const INT32_MAX = 2_147_483_647;
const DATE = /^(\d{4})-(\d{2})-(\d{2})/;

function validDate(text: string): string | undefined {
  const match = DATE.exec(text);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day || year < 1) return undefined;
  return match[0];
}

export type ConvertedValue =
  { ok: true; value: string | null; truncated?: boolean } | { ok: false };

/** A JS value as SQL text for a column of that kind, or `ok: false` when it cannot be one. */
export function toSqlText(column: CdmColumn, value: unknown): ConvertedValue {
  if (value === null || value === undefined) return { ok: true, value: null };
  switch (column.type) {
    case 'integer':
    case 'bigint': {
      const number = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
      if (typeof number !== 'number' || !Number.isSafeInteger(number)) return { ok: false };
      if (column.type === 'integer' && Math.abs(number) > INT32_MAX) return { ok: false };
      return { ok: true, value: String(number) };
    }
    case 'numeric':
    case 'float': {
      const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      if (typeof number !== 'number' || !Number.isFinite(number)) return { ok: false };
      return { ok: true, value: String(number) };
    }
    case 'date': {
      const text = value instanceof Date ? value.toISOString() : value;
      const date = typeof text === 'string' ? validDate(text) : undefined;
      return date ? { ok: true, value: date } : { ok: false };
    }
    case 'timestamp': {
      const text = value instanceof Date ? value.toISOString() : value;
      if (typeof text !== 'string' || !validDate(text) || Number.isNaN(Date.parse(text)))
        return { ok: false };
      return { ok: true, value: text };
    }
    case 'varchar':
    case 'text': {
      if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean')
        return { ok: false };
      const text = String(value);
      if (column.maxLength !== undefined && text.length > column.maxLength) {
        // Code points, so a cut never splits a surrogate pair.
        return {
          ok: true,
          value: Array.from(text).slice(0, column.maxLength).join(''),
          truncated: true,
        };
      }
      return { ok: true, value: text };
    }
  }
}

export function isConceptColumn(name: string): boolean {
  return name.endsWith('_concept_id');
}
