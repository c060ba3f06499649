import type { TextSpan } from '@app/clinical-nlp';
import type { BuildInput, Builder, Built } from '../build-input.js';
import { SYSTEM } from '../code-systems.js';
import { visitCue } from '../cues.js';
import { Derivations } from '../derivation.js';
import type { Encounter } from '../fhir.js';
import { conceptOf, fixedConcept, toDateTime } from '../fhir-values.js';
import { findSpan } from '../text-spans.js';
import { isAffirmed, metaFor, subjectOf } from './common.js';

interface EncounterClass {
  pattern: RegExp;
  code: string;
  display: string;
}

// First match wins: the more specific settings come first.
const CLASSES: EncounterClass[] = [
  {
    pattern: /\b(emergency (?:department|room)|ED|ER|emergency visit)\b/,
    code: 'EMER',
    display: 'emergency',
  },
  {
    pattern: /\b(admit(?:ted)?|admission|inpatient|hospitali[sz]ed|hospital stay)\b/i,
    code: 'IMP',
    display: 'inpatient encounter',
  },
  { pattern: /\b(home visit|home health|at home visit)\b/i, code: 'HH', display: 'home health' },
  {
    pattern: /\b(telehealth|telemedicine|video visit|virtual visit|phone visit|telephone visit)\b/i,
    code: 'VR',
    display: 'virtual',
  },
];

interface EncounterType {
  pattern: RegExp;
  code: string;
  display: string;
}

/** SNOMED CT encounter types (the codes Synthea's US Core data uses). */
const TYPES: EncounterType[] = [
  {
    pattern: /\b(emergency (?:department|room)|ED|ER)\b/,
    code: '50849002',
    display: 'Emergency room admission',
  },
  {
    pattern: /\b(admit(?:ted)?|admission|hospitali[sz]ed)\b/i,
    code: '32485007',
    display: 'Hospital admission',
  },
  { pattern: /\burgent care\b/i, code: '702927004', display: 'Urgent care clinic' },
  {
    pattern: /\b(telehealth|telemedicine|video visit|virtual visit)\b/i,
    code: '448337001',
    display: 'Telemedicine consultation with patient',
  },
  { pattern: /\bhome visit\b/i, code: '439708006', display: 'Home visit' },
  { pattern: /\bwell[- ]child\b/i, code: '410620009', display: 'Well child visit' },
  { pattern: /\bprenatal\b/i, code: '424619006', display: 'Prenatal visit' },
  {
    pattern: /\b(follow[- ]?up)\b/i,
    code: '390906007',
    display: 'Follow-up encounter',
  },
  {
    pattern:
      /\b(check[- ]?up|annual (?:physical|exam|visit)|physical exam(?:ination)?|wellness)\b/i,
    code: '185349003',
    display: 'Encounter for check up',
  },
];

/** Whether the text tells of a visit (so that a bundle gets an Encounter). */
export function describesVisit(text: string): boolean {
  return visitCue(text) !== undefined;
}

const PLANNED = /\b(will|scheduled|upcoming|planned|next)\b/i;
const ONGOING = /\b(currently (?:admitted|in)|remains (?:admitted|in))\b/i;

/**
 * US Core Encounter: class and type from the setting the text names (emergency,
 * admission, telehealth, home, follow-up, check-up; otherwise an ambulatory "encounter
 * for problem" when problems are stated, "patient encounter procedure" when not), status
 * from tense, the period from the first date, the stated problems as reasons.
 */
export const buildEncounter: Builder = (input: BuildInput): Built<Encounter> | null => {
  const { text } = input.analysis;
  const derivations = new Derivations();
  const visit = visitCue(text);
  const problems = input.analysis.phrases.filter(
    (phrase) => phrase.category === 'problem' && isAffirmed(phrase.assertion),
  );
  if (!visit && input.analysis.dates.length === 0 && problems.length === 0) return null;

  const klass = match(text, CLASSES);
  const encounterClass = klass
    ? { system: SYSTEM.ACT_CODE, code: klass.item.code, display: klass.item.display }
    : { system: SYSTEM.ACT_CODE, code: 'AMB', display: 'ambulatory' };
  if (klass) derivations.record('class', klass.span, 'lexicon:encounter-class');
  else derivations.recordDefault('class', 'default:ambulatory');

  const type = match(text, TYPES);
  const fallback =
    problems.length > 0
      ? { code: '185347001', display: 'Encounter for problem' }
      : { code: '308335008', display: 'Patient encounter procedure' };
  const typeCode = type?.item ?? fallback;
  if (type) derivations.record('type[0]', type.span, 'lexicon:encounter-type');
  else derivations.recordDefault('type[0]', 'default:encounter-type');

  const planned = findSpan(text, PLANNED);
  const ongoing = findSpan(text, ONGOING);
  const status: Encounter['status'] = ongoing ? 'in-progress' : planned ? 'planned' : 'finished';
  derivations.record('status', ongoing ?? planned, 'lexicon:tense');
  if (!ongoing && !planned) derivations.recordDefault('status', 'default:finished');

  const [first, second] = [...input.analysis.dates].sort((a, b) => a.span.start - b.span.start);
  const period: Encounter['period'] = {};
  if (first) {
    period.start = toDateTime(first.value);
    derivations.record('period.start', first.span, 'date');
    if (second && status === 'finished' && second.value >= first.value) {
      period.end = toDateTime(second.value);
      derivations.record('period.end', second.span, 'date');
    }
  }
  problems.forEach((problem, index) =>
    derivations.record(`reasonCode[${index}]`, problem.span, 'text'),
  );
  const encounter: Encounter = {
    resourceType: 'Encounter',
    meta: metaFor('encounter'),
    status,
    class: encounterClass,
    type: [fixedConcept(SYSTEM.SNOMED, typeCode.code, typeCode.display)],
    subject: subjectOf(input, 'subject', derivations),
    ...(period.start ? { period } : {}),
    ...(problems.length > 0
      ? {
          reasonCode: problems.map((problem) =>
            conceptOf(problem.span.text, input.links.get(problem.span)),
          ),
        }
      : {}),
  };
  return {
    resource: encounter,
    derivations: derivations.list(),
    description: `Encounter (${encounterClass.display}, ${status}): ${typeCode.display}`,
  };
};

function match<T extends { pattern: RegExp }>(
  text: string,
  items: T[],
): { item: T; span: TextSpan } | undefined {
  for (const item of items) {
    const span = findSpan(text, item.pattern);
    if (span) return { item, span };
  }
  return undefined;
}
