import type { OmopMappingResult } from '../../domain/model/mapping-report.js';

/**
 * The mapping result as the public API document shapes it: rows and side lists whose fields
 * have no value leave the field out. The domain keeps OMOP's nullable columns as `null` (that
 * is what a CDM row holds); the document declares none of these fields nullable, so the SDKs
 * generated from it reject a `null`. A `0` concept id ("no matching concept") is a value and
 * stays.
 */
export function presentOmopMapping<Result extends OmopMappingResult>(result: Result): Result {
  return withoutNulls(result) as Result;
}

function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value === null || typeof value !== 'object') return value;
  const kept: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (inner !== null && inner !== undefined) kept[key] = withoutNulls(inner);
  }
  return kept;
}
