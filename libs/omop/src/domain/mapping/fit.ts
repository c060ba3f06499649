/** A text cut to the column width of the CDM DDL (varchar(n)), or null when absent. */
export function fit(value: string | undefined | null, width: number): string | null {
  if (value === undefined || value === null) return null;
  return value.length > width ? value.slice(0, width) : value;
}
