import { SummaryError, SummaryErrorCodes } from '../summary-errors.js';
import { parsePlaceholder } from './parse-placeholder.js';
import { formatPlaceholder, type Placeholder } from './placeholder.js';
import { scanTemplate } from './template-scanner.js';

export type TemplatePart =
  | { kind: 'text'; text: string; start: number }
  | { kind: 'placeholder'; placeholder: Placeholder; source: string; start: number; end: number };

export interface TemplateProblem {
  offset: number;
  placeholder: string | null;
  code: string;
  problem: string;
}

/**
 * Parses a template. Every problem (unclosed placeholder, unknown resource type, unknown
 * filter, FHIRPath that does not parse) is collected and answered in one 400.
 */
export function parseTemplate(text: string, field = 'template'): TemplatePart[] {
  const { segments, problems: scanProblems } = scanTemplate(text);
  const problems: TemplateProblem[] = scanProblems.map((problem) => ({
    ...problem,
    placeholder: null,
    code: SummaryErrorCodes.MALFORMED_TEMPLATE,
  }));
  const parts: TemplatePart[] = [];
  for (const segment of segments) {
    if (segment.kind === 'text') {
      parts.push(segment);
      continue;
    }
    const parsed = parsePlaceholder(segment.inner);
    if ('problems' in parsed) {
      for (const problem of parsed.problems) {
        problems.push({ offset: segment.start, placeholder: segment.source, ...problem });
      }
      continue;
    }
    parts.push({
      kind: 'placeholder',
      placeholder: parsed.placeholder,
      source: segment.source,
      start: segment.start,
      end: segment.end,
    });
  }
  const first = problems[0];
  if (first !== undefined) {
    const listed = problems
      .map((problem) =>
        problem.placeholder ? `${problem.placeholder}: ${problem.problem}` : problem.problem,
      )
      .join('; ');
    throw new SummaryError(
      'invalid',
      first.code,
      `${field} is not a valid template: ${listed}`,
      problems,
    );
  }
  return parts;
}

/** The stored form: every placeholder written as `<<Type[index].path|filter>>`. */
export function formatTemplate(parts: readonly TemplatePart[]): string {
  return parts
    .map((part) => (part.kind === 'text' ? part.text : formatPlaceholder(part.placeholder)))
    .join('');
}

export function placeholdersOf(parts: readonly TemplatePart[]): Placeholder[] {
  return parts.flatMap((part) => (part.kind === 'placeholder' ? [part.placeholder] : []));
}
