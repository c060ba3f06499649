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
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const INTEGER = /^-?\d+$/;

/** The number written by `count` ASCII digits of `text` from `from`, or -1. */
function digitsAt(text: string, from: number, count: number): number {
  let number = 0;
  for (let index = from; index < from + count; index++) {
    const digit = text.charCodeAt(index) - 48;
    if (digit < 0 || digit > 9) return -1;
    number = number * 10 + digit;
  }
  return number;
}

function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

/** The `YYYY-MM-DD` a text starts with when that is a real calendar date (year 1 or later). */
function validDate(text: string): string | undefined {
  if (text.length < 10 || text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45) return undefined;
  const year = digitsAt(text, 0, 4);
  const month = digitsAt(text, 5, 2);
  const day = digitsAt(text, 8, 2);
  if (year < 1 || month < 1 || month > 12 || day < 1) return undefined;
  const days = month === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month - 1];
  if (day > days) return undefined;
  return text.length === 10 ? text : text.slice(0, 10);
}

/**
 * A JS value as SQL text for a column of that kind, not yet cut to the column's length:
 * null for no value, undefined when it cannot be one. (No result object per value: the
 * bulk path converts every column of every row.)
 */
export function sqlText(column: CdmColumn, value: unknown): string | null | undefined {
  if (value === null || value === undefined) return null;
  switch (column.type) {
    case 'integer':
    case 'bigint': {
      const number = typeof value === 'string' && INTEGER.test(value) ? Number(value) : value;
      if (typeof number !== 'number' || !Number.isSafeInteger(number)) return undefined;
      if (column.type === 'integer' && Math.abs(number) > INT32_MAX) return undefined;
      return typeof value === 'string' && String(number) === value ? value : String(number);
    }
    case 'numeric':
    case 'float': {
      const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      if (typeof number !== 'number' || !Number.isFinite(number)) return undefined;
      return String(number);
    }
    case 'date': {
      const text = value instanceof Date ? value.toISOString() : value;
      return typeof text === 'string' ? validDate(text) : undefined;
    }
    case 'timestamp': {
      const text = value instanceof Date ? value.toISOString() : value;
      if (typeof text !== 'string' || !validDate(text) || Number.isNaN(Date.parse(text)))
        return undefined;
      return text;
    }
    case 'varchar':
    case 'text':
      if (typeof value === 'string') return value;
      if (typeof value !== 'number' && typeof value !== 'boolean') return undefined;
      return String(value);
  }
}

/** A text value cut to its column's length (in code points, never splitting a surrogate pair), or undefined when it fits. */
export function cutToLength(column: CdmColumn, text: string): string | undefined {
  if (column.maxLength === undefined || text.length <= column.maxLength) return undefined;
  if (column.type !== 'varchar' && column.type !== 'text') return undefined;
  // The first maxLength code points, without splitting the whole (possibly long) text.
  let end = 0;
  for (let points = 0; points < column.maxLength && end < text.length; points++) {
    // A surrogate pair (a code point above U+FFFF) is two units; a lone surrogate is one.
    end += text.codePointAt(end)! > 0xffff ? 2 : 1;
  }
  return text.slice(0, end);
}

export function isConceptColumn(name: string): boolean {
  return name.endsWith('_concept_id');
}
