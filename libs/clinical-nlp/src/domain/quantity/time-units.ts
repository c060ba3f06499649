/** A unit of time in UCUM ('a' is the year). */
export type TimeUnit = 's' | 'min' | 'h' | 'd' | 'wk' | 'mo' | 'a';

/**
 * The one list of words for units of time. A hand list: no loaded vocabulary spells units the
 * way clinicians abbreviate them ("hrs", "wks", "mos").
 */
export const TIME_UNIT_WORDS: Readonly<Record<string, TimeUnit>> = {
  s: 's',
  sec: 's',
  secs: 's',
  second: 's',
  seconds: 's',
  min: 'min',
  mins: 'min',
  minute: 'min',
  minutes: 'min',
  h: 'h',
  hr: 'h',
  hrs: 'h',
  hour: 'h',
  hours: 'h',
  d: 'd',
  day: 'd',
  days: 'd',
  wk: 'wk',
  wks: 'wk',
  week: 'wk',
  weeks: 'wk',
  mo: 'mo',
  mos: 'mo',
  month: 'mo',
  months: 'mo',
  y: 'a',
  yr: 'a',
  yrs: 'a',
  year: 'a',
  years: 'a',
};

/** What sigs write besides: "w" for weeks ("x 2 w") and the adverbs ("daily", "weekly"). */
export const SIG_TIME_UNIT_WORDS: Readonly<Record<string, TimeUnit>> = {
  ...TIME_UNIT_WORDS,
  w: 'wk',
  daily: 'd',
  weekly: 'wk',
  monthly: 'mo',
  yearly: 'a',
};
