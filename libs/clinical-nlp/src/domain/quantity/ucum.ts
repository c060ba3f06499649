import ucum from '@lhncbc/ucum-lhc';
import { UNIT_ALIASES } from './unit-aliases.js';

type Validator = ReturnType<typeof ucum.UcumLhcUtils.getInstance>;
let validator: Validator | undefined;
const cache = new Map<string, string | undefined>();

/** True when `code` is a valid UCUM expression (case sensitive, as UCUM is). */
export function isUcum(code: string): boolean {
  validator ??= ucum.UcumLhcUtils.getInstance();
  return validator.validateUnitString(code).status === 'valid';
}

/**
 * The UCUM code of a unit as written ("mcg" → "ug", "mmHg" → "mm[Hg]", "°F" → "[degF]",
 * "bpm" → "/min", "mg/dl" → "mg/dL", "tabs" → "{tbl}"), validated against UCUM; undefined
 * when the unit is unknown.
 */
export function toUcum(unitText: string): string | undefined {
  const key = unitText.trim().replace(/\s+/g, ' ');
  if (key === '') return undefined;
  if (cache.has(key)) return cache.get(key);
  const code = resolve(key);
  cache.set(key, code);
  return code;
}

function resolve(text: string): string | undefined {
  const lower = text.toLowerCase().replace(/\.$/, '');
  const alias = UNIT_ALIASES[lower];
  if (alias && isUcum(alias)) return alias;
  const compound = resolveCompound(lower);
  if (compound) return compound;
  // Written in UCUM already ("mg/dL", "10*3/uL", "mm[Hg]")? Single letters are ambiguous
  // in prose and must come through the alias table.
  if (text.length > 1 && /^[\x21-\x7e]+$/.test(text) && isUcum(text)) return text;
  return undefined;
}

/** "mcg/kg/hr" → "ug/kg/h", "units/ml" → "[U]/mL": each part through the alias table. */
function resolveCompound(lower: string): string | undefined {
  if (!lower.includes('/')) return undefined;
  const parts = lower.split('/').map((part) => part.trim());
  if (parts.some((part) => part === '')) return undefined;
  const codes = parts.map((part) => UNIT_ALIASES[part] ?? (/^\d+$/.test(part) ? part : undefined));
  if (codes.some((code) => code === undefined)) return undefined;
  const code = codes.join('/');
  return isUcum(code) ? code : undefined;
}
