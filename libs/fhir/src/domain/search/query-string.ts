/** The query string as FHIR reads it: repeated names keep every value, in order. */
export function readQuery(originalUrl: string): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  const search = new URL(originalUrl, 'http://localhost').searchParams;
  for (const key of new Set(search.keys())) {
    const values = search.getAll(key);
    query[key] = values.length === 1 ? values[0] : values;
  }
  return query;
}
