/**
 * How dates are usually written in clinical text. A date found in an example summary in
 * one of these spellings becomes a placeholder with the date filter and that pattern.
 */
export const DATE_SPELLINGS = [
  'MMMM d, yyyy',
  'MMM d, yyyy',
  'd MMMM yyyy',
  'd MMM yyyy',
  'dd MMMM yyyy',
  'EEEE, MMMM d, yyyy',
  'MM/dd/yyyy',
  'M/d/yyyy',
  'dd/MM/yyyy',
  'd/M/yyyy',
  'dd.MM.yyyy',
  'yyyy-MM-dd',
  'MMMM yyyy',
  'MMM yyyy',
];

/** Spellings of a date with its time, for dateTime and instant values that carry one. */
export const DATETIME_SPELLINGS = [
  'yyyy-MM-dd HH:mm',
  'yyyy-MM-dd HH:mm:ss',
  'MMMM d, yyyy HH:mm',
  'MMMM d, yyyy h:mm a',
  'MMMM d, yyyy "at" HH:mm',
  'MMMM d, yyyy "at" h:mm a',
  'MM/dd/yyyy HH:mm',
  'dd/MM/yyyy HH:mm',
  'd MMMM yyyy HH:mm',
];

/** Text around a number that says it is an age: "45-year-old", "45 years", "aged 45". */
export const AGE_AFTER = /^[\s-]*(?:years?\b|yrs?\b|yo\b|y\/o|year-old)/i;
export const AGE_BEFORE = /\b(?:aged?|age:)\s*$/i;
