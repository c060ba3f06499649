// Hand-built analyses for the builder tests: what the text engine would report for a text,
// with spans computed from the text itself so that offsets are always right.
import type {
  Assertion,
  ClinicalAnalysis,
  ClinicalPhrase,
  CodingRef,
  DateMention,
  LinkedConcept,
  MedicationMention,
  PhraseCategory,
  Quantity,
  TextSpan,
  VitalSignMention,
} from '@app/clinical-nlp';
import type { BuildInput, SubjectReference } from '../build-input.js';
import { ConceptLinks } from '../concept-links.js';

export const NOW = '2025-03-10T12:00:00.000Z';

/** The span of the `occurrence`-th appearance of `part` in `text`. */
export function at(text: string, part: string, occurrence = 1): TextSpan {
  let start = -1;
  for (let index = 0; index < occurrence; index++) {
    start = text.indexOf(part, start + 1);
    if (start === -1) throw new Error(`"${part}" is not in the text`);
  }
  return { start, end: start + part.length, text: part };
}

export function assertion(
  flags: Partial<Omit<Assertion, 'triggers'>> = {},
  triggers: TextSpan[] = [],
): Assertion {
  return { negated: false, uncertain: false, historical: false, family: false, ...flags, triggers };
}

export function phrase(
  text: string,
  part: string,
  category: PhraseCategory,
  extra: Partial<Omit<ClinicalPhrase, 'span' | 'category'>> = {},
): ClinicalPhrase {
  return { category, span: at(text, part), assertion: assertion(), ...extra };
}

export function negatedBy(text: string, trigger: string): Assertion {
  return assertion({ negated: true }, [at(text, trigger)]);
}

export function date(text: string, part: string, value: string, relative = false): DateMention {
  return { span: at(text, part), value, relative };
}

export function medication(
  text: string,
  part: string,
  name: string,
  extra: Partial<Omit<MedicationMention, 'span' | 'name'>> = {},
): MedicationMention {
  const span = at(text, part);
  const nameStart = text.indexOf(name, span.start);
  return {
    span,
    name: { start: nameStart, end: nameStart + name.length, text: name },
    assertion: assertion(),
    ...extra,
  };
}

export function vital(
  text: string,
  part: string,
  kind: VitalSignMention['kind'],
  code: CodingRef,
  value?: Quantity,
  components?: VitalSignMention['components'],
): VitalSignMention {
  return { kind, span: at(text, part), code, value, components, assertion: assertion() };
}

/** Sentences split at ". ", "? ", "! " and new lines, as the engine would. */
export function sentencesOf(text: string): TextSpan[] {
  const sentences: TextSpan[] = [];
  const pattern = /[^.!?\n]+(?:[.!?]+|$)/g;
  for (const match of text.matchAll(pattern)) {
    const raw = match[0];
    const lead = raw.length - raw.trimStart().length;
    const body = raw.trim();
    if (body)
      sentences.push({
        start: match.index + lead,
        end: match.index + lead + body.length,
        text: body,
      });
  }
  return sentences;
}

export function analysis(
  text: string,
  parts: Partial<Omit<ClinicalAnalysis, 'text'>> = {},
): ClinicalAnalysis {
  return {
    text,
    sentences: sentencesOf(text),
    vitals: [],
    medications: [],
    dates: [],
    phrases: [],
    ...parts,
  };
}

export function linked(span: TextSpan, ...codings: CodingRef[]): [TextSpan, LinkedConcept] {
  return [span, { span, codings, method: 'construe:text' }];
}

const UNIDENTIFIED: SubjectReference = {
  reference: { type: 'Patient', display: 'Patient not identified in the text' },
  method: 'default:unidentified-patient',
};

/** A build input with a fixed clock and predictable ids (00000000-0000-4000-8000-00000000000n). */
export function inputFor(
  parsed: ClinicalAnalysis,
  links: [TextSpan, LinkedConcept][] = [],
  overrides: Partial<BuildInput> = {},
): BuildInput {
  let counter = 0;
  return {
    analysis: parsed,
    links: ConceptLinks.of(links),
    now: NOW,
    newId: () => `00000000-0000-4000-8000-${String(++counter).padStart(12, '0')}`,
    subject: UNIDENTIFIED,
    ...overrides,
  };
}
