import type { TextSpan } from '@app/clinical-nlp';
import type { BuildInput, Builder, Built } from '../build-input.js';
import { SYSTEM } from '../code-systems.js';
import { Derivations } from '../derivation.js';
import type { Coverage } from '../fhir.js';
import { fixedConcept, toDateTime } from '../fhir-values.js';
import { findSpan } from '../text-spans.js';
import { metaFor, subjectOf } from './common.js';

interface Payer {
  pattern: RegExp;
  /** Source of Payment Typology (https://nahdo.org/sopt). */
  sopt: [string, string];
}

const PRIVATE: [string, string] = ['5', 'PRIVATE HEALTH INSURANCE'];

// Government programmes first: "Medicare Advantage by Humana" is Medicare.
const PAYERS: Payer[] = [
  { pattern: /\bmedicare\b/i, sopt: ['1', 'MEDICARE'] },
  { pattern: /\b(medicaid|medi-cal)\b/i, sopt: ['2', 'MEDICAID'] },
  { pattern: /\b(tricare|champus)\b/i, sopt: ['311', 'TRICARE (CHAMPUS)'] },
  { pattern: /\bself[- ]pay\b/i, sopt: ['81', 'Self-pay'] },
  { pattern: /\b(blue cross(?: blue shield)?|bcbs|blue shield)\b/i, sopt: PRIVATE },
  { pattern: /\baetna\b/i, sopt: PRIVATE },
  { pattern: /\bcigna\b/i, sopt: PRIVATE },
  { pattern: /\b(united ?health ?care|uhc)\b/i, sopt: PRIVATE },
  { pattern: /\bhumana\b/i, sopt: PRIVATE },
  { pattern: /\bkaiser(?: permanente)?\b/i, sopt: PRIVATE },
  { pattern: /\banthem\b/i, sopt: PRIVATE },
  { pattern: /\bmolina\b/i, sopt: PRIVATE },
  { pattern: /\b(centene|ambetter)\b/i, sopt: PRIVATE },
  { pattern: /\boscar\b/i, sopt: PRIVATE },
];

const NAMED_PAYER =
  /\b(?:insured (?:by|with|through)|insurance(?: is| carrier| provider)?:?|covered by|payer:?|plan:)\s+((?:[A-Z][\w&'-]*\s?){1,5})/;
const MEMBER_ID =
  /\b(?:member(?: id| number| #)?|subscriber id|policy(?: number| no\.?| #)?|id(?: number| #)?)\s*(?:is\s*)?[:#]?\s*((?=[A-Z-]*\d)[A-Z0-9][A-Z0-9-]{3,})\b/i;
const GROUP =
  /\bgroup(?: number| no\.?| #)?\s*(?:is\s*)?[:#]?\s*((?=[A-Z-]*\d)[A-Z0-9][A-Z0-9-]{2,})\b/i;
const EFFECTIVE = /\b(?:effective|since|starting|start(?:ed)?|from)\b/i;
const RELATIONSHIPS: [RegExp, string, string][] = [
  [/\b(spouse|wife|husband)\b/i, 'spouse', 'Spouse'],
  [/\b(child|son|daughter|dependent)\b/i, 'child', 'Child'],
  [/\b(parent|mother|father)\b/i, 'parent', 'Parent'],
];

function payerOf(
  text: string,
): { name: string; span: TextSpan; sopt: [string, string] } | undefined {
  for (const payer of PAYERS) {
    const span = findSpan(text, payer.pattern);
    if (span) {
      const named = findSpan(
        text,
        new RegExp(`${payer.pattern.source}(?:\\s+[A-Z][\\w&'-]*){0,3}`, 'i'),
      );
      const name = (named ?? span).text.replace(
        /\s+(?:member|policy|id|group|plan|insurance)\b.*$/i,
        '',
      );
      return { name, span: named ?? span, sopt: payer.sopt };
    }
  }
  const named = findSpan(text, NAMED_PAYER);
  return named ? { name: named.text, span: named, sopt: PRIVATE } : undefined;
}

/**
 * US Core Coverage from an insurance statement: the payer (and its payment type), the
 * member id, group number, the subscriber's relationship to the patient (`self` unless
 * the text names another) and the effective date. The payer is referenced by name.
 */
export const buildCoverage: Builder = (input: BuildInput): Built<Coverage> | null => {
  const { text } = input.analysis;
  const payer = payerOf(text);
  if (!payer) return null;
  const derivations = new Derivations();
  derivations.record('payor[0]', payer.span, 'lexicon:payer');
  derivations.record('type', payer.span, 'lexicon:payer-type');
  const member = findSpan(text, MEMBER_ID);
  const group = findSpan(text, GROUP);
  if (member) {
    derivations.record('subscriberId', member, 'pattern:member-id');
    derivations.record('identifier[0]', member, 'pattern:member-id');
  }
  if (group) derivations.record('class[0]', group, 'pattern:group-number');
  const relationship = RELATIONSHIPS.map(([pattern, code, display]) => ({
    span: findSpan(text, pattern),
    code,
    display,
  })).find((candidate) => candidate.span);
  if (relationship) derivations.record('relationship', relationship.span, 'lexicon:relationship');
  else derivations.recordDefault('relationship', 'default:self');
  const effectiveCue = findSpan(text, EFFECTIVE);
  const effective = effectiveCue
    ? input.analysis.dates.find((date) => date.span.start >= effectiveCue.start)
    : undefined;
  if (effective) derivations.record('period.start', effective.span, 'date');
  const coverage: Coverage = {
    resourceType: 'Coverage',
    meta: metaFor('coverage'),
    ...(member
      ? {
          identifier: [
            {
              type: {
                coding: [{ system: SYSTEM.IDENTIFIER_TYPE, code: 'MB', display: 'Member Number' }],
              },
              value: member.text,
            },
          ],
        }
      : {}),
    status: 'active',
    type: fixedConcept(SYSTEM.PAYER_TYPE, payer.sopt[0], payer.sopt[1]),
    ...(member ? { subscriberId: member.text } : {}),
    beneficiary: subjectOf(input, 'beneficiary', derivations),
    relationship: relationship
      ? fixedConcept(SYSTEM.SUBSCRIBER_RELATIONSHIP, relationship.code, relationship.display)
      : fixedConcept(SYSTEM.SUBSCRIBER_RELATIONSHIP, 'self', 'Self'),
    ...(effective ? { period: { start: toDateTime(effective.value) } } : {}),
    payor: [{ display: payer.name }],
    ...(group
      ? {
          class: [
            {
              type: fixedConcept(SYSTEM.COVERAGE_CLASS, 'group', 'Group'),
              value: group.text,
            },
          ],
        }
      : {}),
  };
  return {
    resource: coverage,
    derivations: derivations.list(),
    description: `Coverage: ${payer.name}${member ? `, member ${member.text}` : ''}`,
  };
};
