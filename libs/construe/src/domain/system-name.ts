import { BUILTIN_SYSTEMS } from './builtin-systems.js';

export type SystemNameReading = { ok: true; name: string } | { ok: false; problem: string };

/** Control and format characters (zero-width spaces and joiners, bidi overrides, BOM). */
const INVISIBLE = /[\p{Cc}\p{Cf}]/u;
/** Hyphens and dashes that NFKC keeps apart from the ASCII hyphen-minus. */
const DASHES = /[\u2010-\u2015\u2212\u2E3A\u2E3B\uFE58\uFE63]/g;

/**
 * Upper-case Cyrillic and Greek letters that render like Latin ones. Unicode's confusables
 * data is not among the loaded vocabularies, so the letters that matter for code system
 * names are listed here by hand.
 */
const LATIN_LOOKALIKES: Record<string, string> = {
  А: 'A',
  В: 'B',
  Е: 'E',
  Ё: 'E',
  З: '3',
  І: 'I',
  Ї: 'I',
  Ј: 'J',
  К: 'K',
  М: 'M',
  Н: 'H',
  О: 'O',
  Р: 'P',
  С: 'C',
  Ѕ: 'S',
  Т: 'T',
  У: 'Y',
  Х: 'X',
  Ү: 'Y',
  Ԁ: 'D',
  Ԛ: 'Q',
  Ԝ: 'W',
  Α: 'A',
  Β: 'B',
  Ε: 'E',
  Ζ: 'Z',
  Η: 'H',
  Ι: 'I',
  Κ: 'K',
  Μ: 'M',
  Ν: 'N',
  Ο: 'O',
  Ρ: 'P',
  Τ: 'T',
  Υ: 'Y',
  Χ: 'X',
};
const LOOKALIKE_PATTERN = new RegExp(`[${Object.keys(LATIN_LOOKALIKES).join('')}]`, 'g');

/** Letters and digits only: the form in which look-alike spellings of one name coincide. */
function compact(name: string): string {
  return name.replace(/[^A-Z0-9]/g, '');
}

/** Builtin names by their compact form, and the OMOP vocabulary ids as reserved aliases. */
const BUILTIN_ALIASES = new Map<string, string>(
  BUILTIN_SYSTEMS.flatMap((system) => [
    [compact(system.name), system.name],
    [compact(system.vocabularyId.toUpperCase()), system.name],
  ]),
);

/**
 * The canonical form of a code system name as a client wrote it: Unicode NFKC (fullwidth
 * letters become ASCII), dashes and Latin look-alikes folded, upper case, trimmed. Names
 * with invisible characters are refused. A spelling of a builtin system (its name without
 * punctuation, or its OMOP vocabulary id: `ICD10CM`, `SNOMED`, `CPT4`) is that system.
 */
export function readSystemName(raw: string): SystemNameReading {
  if (INVISIBLE.test(raw))
    return {
      ok: false,
      problem:
        'A code system name may not contain control, zero-width or other invisible characters',
    };
  const folded = raw
    .normalize('NFKC')
    .toUpperCase()
    .replace(DASHES, '-')
    .replace(LOOKALIKE_PATTERN, (letter) => LATIN_LOOKALIKES[letter])
    .trim();
  if (folded === '') return { ok: false, problem: 'A code system name may not be empty' };
  return { ok: true, name: BUILTIN_ALIASES.get(compact(folded)) ?? folded };
}
