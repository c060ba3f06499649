import { codeSystemName } from '../fhir/code-systems.js';

interface Coding {
  system?: unknown;
  code?: unknown;
  display?: unknown;
}

const stringOf = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/** `Sepsis (disorder) [SNOMED CT code 91302008, system http://snomed.info/sct]`. */
export function describeCoding(coding: unknown): string | undefined {
  if (typeof coding !== 'object' || coding === null) return undefined;
  const { system, code, display } = coding as Coding;
  const systemUrl = stringOf(system);
  const codeText = stringOf(code);
  const label = stringOf(display) ?? codeText;
  if (label === undefined) return undefined;
  const name = codeSystemName(systemUrl);
  const facts = [
    codeText ? `${name ? `${name} ` : ''}code ${codeText}` : undefined,
    systemUrl ? `system ${systemUrl}` : undefined,
  ].filter(Boolean);
  return facts.length > 0 ? `${label} [${facts.join(', ')}]` : label;
}

/** The concept's text and every coding with its code and system. */
export function describeCodeableConcept(concept: unknown): string | undefined {
  if (typeof concept !== 'object' || concept === null) return undefined;
  const { text, coding } = concept as { text?: unknown; coding?: unknown };
  const codings = (Array.isArray(coding) ? coding : []).map(describeCoding).filter(Boolean);
  const label = stringOf(text);
  if (codings.length === 0) return label;
  const joined = codings.join('; ');
  return label && !joined.startsWith(`${label} [`) ? `${label}: ${joined}` : joined;
}
