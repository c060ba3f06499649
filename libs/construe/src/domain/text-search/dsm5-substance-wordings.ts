/**
 * DSM-5 (2013) names a substance-related disorder by its severity ("alcohol use disorder,
 * moderate"), ICD-10 by the older split into abuse and dependence ("Alcohol dependence").
 * DSM-5's coding notes say how one becomes the other: a mild use disorder is coded as abuse, a
 * moderate or severe one as dependence; a substance-induced major neurocognitive disorder as
 * the induced dementia; an induced depressive or bipolar disorder as the induced mood disorder;
 * early or sustained remission as "in remission". This module rewrites such a query into the
 * ICD-10 wording so that the titles' own words can match it.
 *
 * A hand list because nothing loaded with a title-only ICD-10-CM import holds it (an Athena
 * download brings SNOMED's DSM-5-style concepts and their `Maps to` rows, which the search
 * reads as synonyms). Written from DSM-5's coding conventions, not from any query set.
 */
const SEVERITY = /\b(mild|moderate|severe)\b(?! neurocognitive)/;
const USE_DISORDER = /\buse disorders?\b/;

/**
 * DSM-5 names and their ICD-10 title words, applied in this order: the substances ICD-10 names
 * otherwise, then the induced disorders and the remission specifiers.
 */
const DSM5_NAMES: readonly (readonly [RegExp, string])[] = [
  [
    /\bother \(or unknown\) substance\b|\bother or unknown substance\b/g,
    'other psychoactive substance',
  ],
  [/\bamphetamine[- ]type substance\b|\bamphetamine or other stimulant\b/g, 'other stimulant'],
  [/\bphencyclidine\b/g, 'hallucinogen'],
  [/\bmajor neurocognitive disorder\b/g, 'dementia'],
  [/\b(induced) (?:depressive|bipolar(?: or related)?) disorder\b/g, '$1 mood disorder'],
  [/\bin (?:early|sustained) remission\b/g, 'in remission'],
];

/**
 * The ICD-10 wording of a DSM-5 substance-use query ("opioid use disorder, mild, with
 * opioid-induced sleep disorder" → "opioid abuse with opioid-induced sleep disorder"), or null
 * when the query is not worded that way.
 */
export function icd10WordingOfDsm5(query: string): string | null {
  const lower = query.toLowerCase();
  if (!USE_DISORDER.test(lower)) return null;
  const severity =
    SEVERITY.exec(lower.slice(lower.search(USE_DISORDER)))?.[1] ?? SEVERITY.exec(lower)?.[1];
  let text = lower;
  for (const [pattern, replacement] of DSM5_NAMES) text = text.replace(pattern, replacement);
  if (severity !== undefined) {
    const tobacco = /\btobacco use disorders?\b/;
    text = tobacco.test(text)
      ? text.replace(tobacco, severity === 'mild' ? 'tobacco use' : 'nicotine dependence')
      : text.replace(USE_DISORDER, severity === 'mild' ? 'abuse' : 'dependence');
    text = text
      .replace(new RegExp(`(?:,\\s*)?\\b${severity}\\b,?`), '')
      .replace(/\s+/g, ' ')
      .trim();
  }
  return text === lower ? null : text;
}
