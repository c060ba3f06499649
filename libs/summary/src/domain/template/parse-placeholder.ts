import { R4_RESOURCE_TYPES } from '../fhir/resource-types.js';
import { assertFhirPathParses, FhirPathSyntaxError } from '../fhirpath/fhirpath-engine.js';
import { SummaryErrorCodes } from '../summary-errors.js';
import { filterCallProblem } from './filters.js';
import type { FilterCall, Placeholder } from './placeholder.js';

export interface PlaceholderProblem {
  code: string;
  problem: string;
}

export type ParsedPlaceholder = { placeholder: Placeholder } | { problems: PlaceholderProblem[] };

const HEAD = /^\s*([A-Za-z]+)\s*(?:\[\s*(\d+)\s*\])?\s*(?:\.\s*([\s\S]*?))?\s*$/;
const FILTER = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*(?::\s*([\s\S]*?))?\s*$/;

const TYPES_BY_LOWER_CASE = new Map(
  [...R4_RESOURCE_TYPES].map((type) => [type.toLowerCase(), type]),
);

/** Splits on `|` outside quotes, parentheses and brackets. */
function splitOnBars(text: string): string[] {
  const pieces: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let current = '';
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quote !== null) {
      current += char;
      if (char === '\\' && index + 1 < text.length) current += text[++index];
      else if (char === quote) quote = null;
      continue;
    }
    if (char === "'" || char === '"' || char === '`') quote = char;
    else if (char === '(' || char === '[') depth += 1;
    else if (char === ')' || char === ']') depth -= 1;
    else if (char === '|' && depth === 0) {
      pieces.push(current);
      current = '';
      continue;
    }
    current += char;
  }
  pieces.push(current);
  return pieces;
}

function unquote(argument: string): string | null {
  const quote = argument[0];
  if (quote !== "'" && quote !== '"') return argument;
  if (argument.length < 2 || argument[argument.length - 1] !== quote) return null;
  return argument.slice(1, -1).replace(/\\(.)/g, '$1');
}

/**
 * Parses the inside of `<<…>>` or `{{…}}`. A `|` starts a filter when what follows is a
 * filter call (`name` or `name:'arg'`); otherwise it is FHIRPath's union operator.
 */
export function parsePlaceholder(inner: string): ParsedPlaceholder {
  const problems: PlaceholderProblem[] = [];
  const pieces = splitOnBars(inner);
  let head = pieces.shift() ?? '';
  const filters: FilterCall[] = [];
  for (const piece of pieces) {
    const filter = FILTER.exec(piece);
    if (!filter) {
      if (filters.length === 0) {
        head += `|${piece}`;
        continue;
      }
      problems.push({
        code: SummaryErrorCodes.MALFORMED_TEMPLATE,
        problem: `"${piece.trim()}" is not a filter call`,
      });
      continue;
    }
    const name = filter[1];
    const rawArgument = filter[2] === undefined || filter[2] === '' ? null : filter[2];
    const argument = rawArgument === null ? null : unquote(rawArgument);
    if (rawArgument !== null && argument === null) {
      problems.push({
        code: SummaryErrorCodes.MALFORMED_TEMPLATE,
        problem: `the argument of ${name} has an unclosed quote`,
      });
      continue;
    }
    const problem = filterCallProblem(name, argument);
    if (problem !== null) {
      const code = problem.startsWith('unknown filter')
        ? SummaryErrorCodes.UNKNOWN_FILTER
        : SummaryErrorCodes.MALFORMED_TEMPLATE;
      problems.push({ code, problem });
    }
    filters.push({ name, argument });
  }

  const match = HEAD.exec(head);
  if (!match || match[3] === undefined || match[3] === '') {
    problems.push({
      code: SummaryErrorCodes.MALFORMED_TEMPLATE,
      problem:
        'a placeholder is Type[index].path (index optional), as in <<Patient[0].name[0].family>>',
    });
    return { problems };
  }
  const resourceType = TYPES_BY_LOWER_CASE.get(match[1].toLowerCase());
  if (resourceType === undefined) {
    problems.push({
      code: SummaryErrorCodes.UNKNOWN_RESOURCE_TYPE,
      problem: `${match[1]} is not a FHIR R4 resource type`,
    });
  }
  const path = match[3];
  try {
    assertFhirPathParses(path);
  } catch (error) {
    if (!(error instanceof FhirPathSyntaxError)) throw error;
    problems.push({ code: SummaryErrorCodes.FHIRPATH_SYNTAX, problem: error.message });
  }
  if (problems.length > 0 || resourceType === undefined) return { problems };
  return {
    placeholder: {
      resourceType,
      index: match[2] === undefined ? null : Number(match[2]),
      path,
      filters,
    },
  };
}
