const SPECIAL = /[\\\t\n\r]/;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** One value in PostgreSQL's COPY text format: `\N` for null, backslash escapes for the rest. */
export function copyTextValue(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '\\N';
  const text = String(value);
  return SPECIAL.test(text) ? text.replace(/[\\\t\n\r]/g, (char) => ESCAPES[char]) : text;
}

/** One row as a COPY text-format line, newline included. */
export function copyTextLine(
  values: readonly (string | number | boolean | null | undefined)[],
): string {
  let line = copyTextValue(values[0]);
  for (let index = 1; index < values.length; index += 1)
    line += '\t' + copyTextValue(values[index]);
  return line + '\n';
}
