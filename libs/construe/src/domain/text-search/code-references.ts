/**
 * A wording that names other codes by their identifiers ("conditions classifiable to E66",
 * "history of conditions in E66.1-") means what those codes are: each ICD-10-shaped
 * identifier the system holds is replaced by its title, a range ("C30-C32") by the titles of
 * its two ends. Identifiers the system does not hold are left as typed.
 */
const CODE = String.raw`[A-Z]\d[0-9A-Z](?:\.[0-9A-Z]{1,4})?`;
const REFERENCE = new RegExp(String.raw`\b(${CODE})(?:\s*-\s*(${CODE}))?-?(?![0-9A-Za-z])`, 'g');

export function withReferencedTitles(
  query: string,
  titleOfKey: (key: string) => string | undefined,
): string | null {
  let replaced = false;
  const text = query.replace(REFERENCE, (match, first: string, last: string | undefined) => {
    const titles = [first, last]
      .filter((code): code is string => code !== undefined)
      .map((code) => titleOfKey(code.replace('.', '')))
      .filter((title): title is string => title !== undefined);
    if (titles.length === 0) return match;
    replaced = true;
    return titles.join(', ');
  });
  return replaced ? text : null;
}
