type CopyValue = string | number | boolean | null | undefined;

const SPECIAL = /[\\\t\n\r]/;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** One value in PostgreSQL's COPY text format: `\N` for null, backslash escapes for the rest. */
export function copyTextValue(value: CopyValue): string {
  if (value === null || value === undefined) return '\\N';
  const text = String(value);
  return SPECIAL.test(text) ? text.replace(/[\\\t\n\r]/g, (char) => ESCAPES[char]) : text;
}

/** One row as a COPY text-format line, newline included. */
export function copyTextLine(values: readonly CopyValue[]): string {
  let line = copyTextValue(values[0]);
  for (let index = 1; index < values.length; index += 1)
    line += '\t' + copyTextValue(values[index]);
  return line + '\n';
}

/**
 * The named fields of a record as a COPY text-format line, newline included: the same line
 * as `copyTextLine(names.map((name) => record[name]))` without an array per row.
 */
export function copyTextFields(
  record: Readonly<Record<string, CopyValue>>,
  names: readonly string[],
): string {
  let line = copyTextValue(record[names[0]]);
  for (let index = 1; index < names.length; index += 1)
    line += '\t' + copyTextValue(record[names[index]]);
  return line + '\n';
}
