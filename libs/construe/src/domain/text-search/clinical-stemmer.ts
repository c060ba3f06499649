/**
 * A light suffix stemmer for the English of clinical code titles: it folds plurals and the
 * common verb endings so that "fractures", "fractured" and "fracture" meet, and leaves
 * anything short, numeric or Latin-looking alone. It is deliberately weaker than Porter's
 * (which joins "general" and "generic"): a missed merge costs recall that the fuzzy
 * matching of the index recovers, a false merge costs precision that nothing recovers.
 */
const KEEP_AS_IS = /\d/;

function stripPlural(word: string): string {
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(?:ss|us|is|as|os)$/.test(word)) return word;
  if (/(?:sses|xes|zes|ches|shes)$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s')) return word.slice(0, -1);
  return word;
}

function stripVerbEnding(word: string): string {
  for (const suffix of ['ing', 'ed']) {
    if (word.endsWith(suffix) && word.length - suffix.length >= 4) {
      const stem = word.slice(0, -suffix.length);
      // "bleeding" → "bleed", "stopped" → "stop": undo a doubled final consonant.
      return /([b-df-hj-np-tv-z])\1$/.test(stem) && !/(?:ll|ss|ff|zz)$/.test(stem)
        ? stem.slice(0, -1)
        : stem;
    }
  }
  return word;
}

export function stem(word: string): string {
  if (word.length <= 3 || KEEP_AS_IS.test(word)) return word;
  let result = stripVerbEnding(stripPlural(word));
  // A final silent e: "fracture" meets "fractured" ("fractur").
  if (result.length > 4 && result.endsWith('e') && !result.endsWith('ee')) {
    result = result.slice(0, -1);
  }
  return result;
}
