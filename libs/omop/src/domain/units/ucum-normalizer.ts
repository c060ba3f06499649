import { createRequire } from 'node:module';

/** The part of @lhncbc/ucum-lhc (a CommonJS package without types) this file uses. */
interface UcumValidation {
  status: 'valid' | 'invalid' | 'error';
  ucumCode: string | null;
  suggestions?: { invalidUnit: string; units: [string, string, string | null][] }[];
}
interface UcumPackage {
  UcumLhcUtils: {
    getInstance(): { validateUnitString(unit: string, suggest?: boolean): UcumValidation };
  };
}

// Loaded through require so that its type stays local (another library declares the module too).
const ucum = createRequire(import.meta.url)('@lhncbc/ucum-lhc') as UcumPackage;

/** What UCUM makes of a unit string: its canonical code, and how it got there. */
export type UcumReading =
  | { kind: 'valid'; code: string }
  | { kind: 'normalized'; code: string; how: string }
  | { kind: 'invalid'; problem: string };

/**
 * Unit spellings common in EHR exports that are not UCUM, with the UCUM code they mean.
 * `C` is not listed: in UCUM it is the coulomb, and a declared UCUM code is taken at its word.
 */
const COMMON_SPELLINGS: Readonly<Record<string, string>> = {
  'beats/minute': '/min',
  'beats/min': '/min',
  bpm: '/min',
  'breaths/minute': '/min',
  'breaths/min': '/min',
  mmHg: 'mm[Hg]',
  degF: '[degF]',
  '°F': '[degF]',
  degC: 'Cel',
  '°C': 'Cel',
  lb: '[lb_av]',
  lbs: '[lb_av]',
  in: '[in_i]',
};

const utils = ucum.UcumLhcUtils.getInstance();
const cache = new Map<string, UcumReading>();
const CACHE_LIMIT = 10_000;

function read(unit: string): UcumReading {
  const spelled = COMMON_SPELLINGS[unit];
  if (spelled !== undefined) {
    return {
      kind: 'normalized',
      code: spelled,
      how: `"${unit}" is a common spelling of UCUM ${spelled}`,
    };
  }
  // ucum-lhc logs to the console on blanks; UCUM has none, so such strings stop here.
  if (/\s/.test(unit) || unit.length > 60)
    return { kind: 'invalid', problem: `"${unit}" is not a valid UCUM unit` };
  const result = utils.validateUnitString(unit, true);
  if (result.status === 'valid' && result.ucumCode) return { kind: 'valid', code: result.ucumCode };
  if (result.ucumCode) {
    return {
      kind: 'normalized',
      code: result.ucumCode,
      how: `UCUM reads "${unit}" as ${result.ucumCode}`,
    };
  }
  // A suggestion is taken only when it replaces the whole string and is the only one.
  const suggestion = result.suggestions?.length === 1 ? result.suggestions[0] : undefined;
  if (suggestion && suggestion.invalidUnit === unit && suggestion.units.length === 1) {
    const [code] = suggestion.units[0];
    return { kind: 'normalized', code, how: `UCUM suggests ${code} for "${unit}"` };
  }
  return { kind: 'invalid', problem: `"${unit}" is not a valid UCUM unit` };
}

/** Validates and normalises a unit string with @lhncbc/ucum-lhc; results are cached per process. */
export function readUcum(unit: string): UcumReading {
  let reading = cache.get(unit);
  if (!reading) {
    reading = read(unit);
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(unit, reading);
  }
  return reading;
}
