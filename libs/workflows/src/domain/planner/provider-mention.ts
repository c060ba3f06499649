import { escapeRegExp } from './resource-vocabulary.js';

/**
 * The provider a clause names ("… in hospital-ehr"), else the first; the naming words are
 * taken out of the clause so that they do not end up in the resources it builds.
 */
export function takeProvider(
  clause: string,
  providers: { id: string; name: string }[],
): { clause: string; providerId: string } {
  for (const provider of providers) {
    if (provider.name.length < 3) continue;
    const name = escapeRegExp(provider.name);
    const phrase = new RegExp(
      `\\s*\\b(?:in|on|at|via|using|to|into|from)\\s+(?:the\\s+)?${name}(?:\\s+(?:fhir server|server|provider))?(?![\\w-])`,
      'i',
    );
    const match = phrase.exec(clause);
    if (match) {
      const rest = `${clause.slice(0, match.index)}${clause.slice(match.index + match[0].length)}`;
      return { clause: rest.trim(), providerId: provider.id };
    }
    if (new RegExp(`(?<![\\w-])${name}(?![\\w-])`, 'i').test(clause)) {
      return { clause, providerId: provider.id };
    }
  }
  return { clause, providerId: providers[0].id };
}
