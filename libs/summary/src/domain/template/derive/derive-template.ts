import type { FhirResource } from '../../fhir/fhir-resource.js';
import type { ResourcesByType } from '../../fhir/fhir-input.js';
import type { FilterContext } from '../filters.js';
import type { TemplatePart } from '../parse-template.js';
import { formatPlaceholder, withFilters, type Placeholder } from '../placeholder.js';
import { renderPlaceholder } from '../render-placeholder.js';
import { candidatesOf, type Candidate, type CandidatePart } from './candidates.js';
import { findMatches, type RenderedCandidate } from './find-spans.js';

/** Which text of the example became which placeholder (offsets into the example summary). */
export interface DerivedSpan {
  start: number;
  end: number;
  text: string;
  placeholder: string;
}

export interface DerivedTemplate {
  parts: TemplatePart[];
  spans: DerivedSpan[];
}

const MIN_TEXT_LENGTH = 2;

type CaseVariant = [filter: string | null, transform: (text: string) => string];

const CASE_VARIANTS: CaseVariant[] = [
  [null, (text) => text],
  ['lower', (text) => text.toLowerCase()],
  ['upper', (text) => text.toUpperCase()],
  ['capitalize', (text) => text.charAt(0).toUpperCase() + text.slice(1)],
];

interface Rendered {
  parts: CandidatePart[];
  texts: string[];
}

function renderCandidate(
  candidate: Candidate,
  resources: ResourcesByType,
  context: FilterContext,
): Rendered | null {
  const texts: string[] = [];
  for (const part of candidate.parts) {
    if ('literal' in part) {
      texts.push(part.literal);
      continue;
    }
    const rendered = renderPlaceholder(part.placeholder, resources, context);
    if (!rendered.resolved) return null;
    texts.push(rendered.text);
  }
  const whole = texts.join('');
  const meaningful = candidate.isAge || whole.length >= MIN_TEXT_LENGTH;
  return meaningful && /\p{L}|\p{N}/u.test(whole) ? { parts: candidate.parts, texts } : null;
}

/** The candidate itself and, for a single placeholder, its lower/upper/capitalised spellings. */
function variantsOf(rendered: Rendered): Rendered[] {
  const only = rendered.parts.length === 1 ? rendered.parts[0] : undefined;
  if (only === undefined || !('placeholder' in only)) return [rendered];
  const text = rendered.texts[0];
  const seen = new Set<string>();
  return CASE_VARIANTS.flatMap(([filter, transform]) => {
    const variant = transform(text);
    if (seen.has(variant)) return [];
    seen.add(variant);
    const placeholder: Placeholder =
      filter === null
        ? only.placeholder
        : withFilters(only.placeholder, { name: filter, argument: null });
    return [{ parts: [{ placeholder }], texts: [variant] }];
  });
}

function renderedCandidates(
  targets: readonly FhirResource[][],
  resources: ResourcesByType,
  context: FilterContext,
): RenderedCandidate<Rendered>[] {
  const rendered: RenderedCandidate<Rendered>[] = [];
  for (const group of targets) {
    group.forEach((resource, index) => {
      for (const candidate of candidatesOf(resource, index)) {
        const result = renderCandidate(candidate, resources, context);
        if (result === null) continue;
        for (const variant of variantsOf(result)) {
          rendered.push({
            source: variant,
            texts: variant.texts,
            rank: candidate.rank,
            order: rendered.length,
            isAge: candidate.isAge,
          });
        }
      }
    });
  }
  return rendered;
}

/**
 * Turns literal text into placeholders wherever a value of the example data occurs in it.
 * Each candidate's text is produced by the narrative renderer itself, so rendering the
 * derived template on the same data gives back exactly the example text.
 */
export function deriveTemplate(
  parts: readonly TemplatePart[],
  targetTypes: readonly string[],
  resources: ResourcesByType,
  context: FilterContext,
): DerivedTemplate {
  const targets = targetTypes.map((type) => [...(resources.get(type) ?? [])]);
  const candidates = renderedCandidates(targets, resources, context);
  const derived: TemplatePart[] = [];
  const spans: DerivedSpan[] = [];
  for (const part of parts) {
    if (part.kind === 'placeholder') {
      derived.push(part);
      continue;
    }
    let cursor = 0;
    for (const match of findMatches(part.text, candidates)) {
      if (match.start > cursor) {
        derived.push({
          kind: 'text',
          text: part.text.slice(cursor, match.start),
          start: part.start + cursor,
        });
      }
      let offset = match.start;
      match.candidate.source.parts.forEach((candidatePart, index) => {
        const text = match.candidate.texts[index];
        const start = part.start + offset;
        if ('literal' in candidatePart) {
          derived.push({ kind: 'text', text, start });
        } else {
          const placeholder = formatPlaceholder(candidatePart.placeholder);
          derived.push({
            kind: 'placeholder',
            placeholder: candidatePart.placeholder,
            source: placeholder,
            start,
            end: start + text.length,
          });
          spans.push({ start, end: start + text.length, text, placeholder });
        }
        offset += text.length;
      });
      cursor = match.end;
    }
    if (cursor < part.text.length) {
      derived.push({ kind: 'text', text: part.text.slice(cursor), start: part.start + cursor });
    }
  }
  return { parts: derived, spans };
}
