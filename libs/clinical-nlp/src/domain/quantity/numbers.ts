const NUMBER_WORDS: Readonly<Record<string, number>> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
  hundred: 100,
  half: 0.5,
  'one half': 0.5,
  'one-half': 0.5,
  'a half': 0.5,
  quarter: 0.25,
  'one quarter': 0.25,
  single: 1,
  once: 1,
  twice: 2,
  thrice: 3,
  a: 1,
  an: 1,
};

const UNICODE_FRACTIONS: Readonly<Record<string, number>> = {
  '½': 0.5,
  '¼': 0.25,
  '¾': 0.75,
  '⅓': 1 / 3,
  '⅔': 2 / 3,
  '⅛': 0.125,
};

/** A number as written, in digits, a fraction or words; words only when `words` is set. */
export const NUMBER_SOURCE = String.raw`(?:\d+\s+\d\/\d{1,2}(?![\d/])|\d\/\d{1,2}(?![\d/])|\d+(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+|[½¼¾⅓⅔⅛])`;

export const NUMBER_WORD_SOURCE = String.raw`(?:one[- ]half|one quarter|a half|(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)[- ](?:one|two|three|four|five|six|seven|eight|nine)|zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|half)`;

/**
 * The value of a number as written: "1,000", "2.5", ".5", "1/2", "1 1/2", "½", "two",
 * "twenty-five", "one-half". Undefined when it is not a number.
 */
export function parseNumber(raw: string): number | undefined {
  const text = raw.trim().toLowerCase().replace(/\s+/g, ' ');
  if (text === '') return undefined;
  if (text in UNICODE_FRACTIONS) return UNICODE_FRACTIONS[text];
  const mixed = /^(\d+) (\d+)\/(\d+)$/.exec(text);
  if (mixed) return Number(mixed[1]) + fraction(mixed[2], mixed[3]);
  const simpleFraction = /^(\d+)\/(\d+)$/.exec(text);
  if (simpleFraction) return fraction(simpleFraction[1], simpleFraction[2]);
  if (/^(\d+(,\d{3})*(\.\d+)?|\.\d+)$/.test(text)) return Number(text.replace(/,/g, ''));
  if (text in NUMBER_WORDS) return NUMBER_WORDS[text];
  const compound =
    /^(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)[- ](one|two|three|four|five|six|seven|eight|nine)$/.exec(
      text,
    );
  if (compound) return NUMBER_WORDS[compound[1]] + NUMBER_WORDS[compound[2]];
  return undefined;
}

function fraction(numerator: string, denominator: string): number {
  const value = Number(numerator) / Number(denominator);
  return Math.round(value * 1e6) / 1e6;
}
