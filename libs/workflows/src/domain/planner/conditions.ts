import { WorkflowError, WorkflowErrorCodes } from '../workflow-errors.js';
import { findResourceMentions, snakeType } from './resource-vocabulary.js';
import { findFieldMentions, type SampleField } from './sample-fields.js';

/** What a condition can refer to: the sample fields and the searches made before it. */
export interface ConditionContext {
  fields: SampleField[];
  /** Search steps so far, in order: their id and resource type. */
  searches: { stepId: string; resourceType: string }[];
}

export interface ConditionExpression {
  expression: string;
  /** Placeholder name → source path. */
  sources: Record<string, string>;
}

const NOT_FOUND =
  /\b(?:not found|not (?:be )?found|(?:does|do|did)\s*(?:not|n't) exist|doesn't exist|don't exist|didn't exist|not exist|no match(?:es)?|not registered|(?:is|are) missing|absent|cannot be found|can't be found|could not be found|isn't found|wasn't found|aren't found|weren't found|is new|none (?:is |are |was |were )?found)\b|^(?:there (?:is|are|was|were) )?no\b|^(?:not|none|no)$/i;
const FOUND =
  /\b(?:found|exists?|already exists|is registered|(?:is|are) present|matches|match(?:ed)?)\b|^(?:so|yes|found|any)$|^there (?:is|are|was|were) (?:a|an|any|some)\b|\b(?:has|have|had) (?:a|an|any|some|known|documented|active)\b/i;

const OPERATORS: { pattern: RegExp; operator: string }[] = [
  { pattern: /\s+(?:is\s+)?(?:greater|more|higher) than or equal to\s+/i, operator: '>=' },
  { pattern: /\s+(?:is\s+)?(?:less|lower|fewer) than or equal to\s+/i, operator: '<=' },
  { pattern: /\s+(?:is\s+)?(?:at least|no less than|not below)\s+/i, operator: '>=' },
  { pattern: /\s+(?:is\s+)?(?:at most|no more than|not above)\s+/i, operator: '<=' },
  { pattern: /\s+(?:is\s+|are\s+|was\s+)?(?:greater|more|higher) than\s+/i, operator: '>' },
  { pattern: /\s+(?:is\s+|are\s+|was\s+)?(?:less|lower|fewer) than\s+/i, operator: '<' },
  { pattern: /\s+(?:is\s+|are\s+|was\s+)?(?:above|over)\s+/i, operator: '>' },
  { pattern: /\s+(?:exceeds?|exceeded)\s+/i, operator: '>' },
  { pattern: /\s+(?:is\s+|are\s+|was\s+)?(?:below|under)\s+/i, operator: '<' },
  {
    pattern: /\s+(?:is not|isn't|is not equal to|does not equal|doesn't equal|!=)\s+/i,
    operator: '!=',
  },
  { pattern: /\s*>=\s*/, operator: '>=' },
  { pattern: /\s*<=\s*/, operator: '<=' },
  { pattern: /\s*>\s*/, operator: '>' },
  { pattern: /\s*<\s*/, operator: '<' },
  { pattern: /\s+(?:is equal to|equals?|is|are|was|==|=)\s+/i, operator: '==' },
];

/**
 * Turns the wording of a condition into an expression of the decision grammar:
 * "the patient is not found" → `not {{patient_found}}`, "the glucose is above 200 mg/dL"
 * → `{{glucose}} > 200`, "the gender is female and the patient is a smoker" → both, joined.
 */
export function conditionToExpression(
  condition: string,
  context: ConditionContext,
): ConditionExpression {
  const sources: Record<string, string> = {};
  const parts = splitLogical(condition.trim());
  const expressions = parts.map((part) =>
    part.kind === 'operator' ? part.text : atomToExpression(part.text, context, sources, condition),
  );
  return { expression: expressions.join(' '), sources };
}

type Part = { kind: 'atom'; text: string } | { kind: 'operator'; text: 'and' | 'or' };

function splitLogical(condition: string): Part[] {
  const parts: Part[] = [];
  const pieces = condition.split(/\s+(and|or)\s+(?!(?:the\s+)?(?:same|equal)\b)/i);
  pieces.forEach((piece, index) => {
    if (index % 2 === 1)
      parts.push({ kind: 'operator', text: piece.toLowerCase() as 'and' | 'or' });
    else parts.push({ kind: 'atom', text: piece.trim() });
  });
  return parts;
}

function atomToExpression(
  atom: string,
  context: ConditionContext,
  sources: Record<string, string>,
  whole: string,
): string {
  const text = atom.replace(/^(?:the\s+)?(?:case\s+)?(?:that\s+)?/i, '').trim();
  const presence = fieldPresence(text, context, sources);
  if (presence) return presence;
  const existence = existenceOf(text, context, sources);
  if (existence) return existence;
  const flag = booleanField(text, context, sources);
  if (flag) return flag;
  const comparison = comparisonOf(text, context, sources);
  if (comparison) return comparison;
  throw new WorkflowError(
    'invalid',
    WorkflowErrorCodes.UNPARSEABLE_CONDITION,
    `Cannot turn the condition "${atom}" (in "${whole}") into a decision: write it as "<field> is above <number>", "<field> is <value>", "the <resource> is found" or "the <resource> is not found", naming a field of sample_data or a resource searched for earlier`,
  );
}

/** "the phone number is missing", "an email is given" → whether the input has the field. */
function fieldPresence(
  text: string,
  context: ConditionContext,
  sources: Record<string, string>,
): string | null {
  const absent =
    /\b(?:is|are)\s+(?:missing|empty|blank|not (?:given|provided|present|set|known))\b/i;
  const present = /\b(?:is|are)\s+(?:given|provided|present|set|known|available)\b/i;
  const isAbsent = absent.test(text);
  if (!isAbsent && !present.test(text)) return null;
  const mention = findFieldMentions(text, context.fields)[0];
  if (!mention) return null;
  sources[mention.field.name] = `input.${mention.field.name}`;
  return `${isAbsent ? 'not ' : ''}exists {{${mention.field.name}}}`;
}

function existenceOf(
  text: string,
  context: ConditionContext,
  sources: Record<string, string>,
): string | null {
  const negative = NOT_FOUND.test(text);
  if (!negative && !FOUND.test(text)) return null;
  const search = searchReferredTo(text, context);
  if (!search) return null;
  const name = `${snakeType(search.resourceType)}_found`;
  sources[name] = `${search.stepId}.result.found`;
  return negative ? `not {{${name}}}` : `{{${name}}}`;
}

/** The search a condition speaks of: by the resource it names, else the latest search. */
function searchReferredTo(
  text: string,
  context: ConditionContext,
): { stepId: string; resourceType: string } | null {
  const mentions = findResourceMentions(text);
  const has = /\b(?:has|have|had)\b/i.exec(text);
  const ordered = has ? [...mentions.filter((m) => m.start > has.index), ...mentions] : mentions;
  for (const mention of ordered) {
    const search = [...context.searches]
      .reverse()
      .find((s) => s.resourceType === mention.resourceType);
    if (search) return search;
  }
  if (mentions.length > 0 && !/^(?:it|they|one|a match|anything|any)\b/i.test(text)) {
    // A resource is named but never searched for: not an existence test we can answer.
    return null;
  }
  return context.searches.at(-1) ?? null;
}

function booleanField(
  text: string,
  context: ConditionContext,
  sources: Record<string, string>,
): string | null {
  const booleans = context.fields.filter((field) => typeof field.value === 'boolean');
  if (booleans.length === 0) return null;
  const mention = findFieldMentions(text, booleans)[0];
  if (!mention) return null;
  const after = text.slice(mention.end).trim().toLowerCase();
  const before = text.slice(0, mention.start).toLowerCase();
  if (/^(?:is|are|was)?\s*(?:true|false|yes|no|set)?$/.test(after) || after === '') {
    const negated = /\b(?:not|isn't|no)\b/.test(before) || /\b(?:false|no)\b/.test(after);
    sources[mention.field.name] = `input.${mention.field.name}`;
    return `{{${mention.field.name}}} == ${negated ? 'false' : 'true'}`;
  }
  return null;
}

function comparisonOf(
  text: string,
  context: ConditionContext,
  sources: Record<string, string>,
): string | null {
  for (const { pattern, operator } of OPERATORS) {
    const match = pattern.exec(text);
    if (!match || match.index === 0) continue;
    const subject = text.slice(0, match.index);
    const valueText = text.slice(match.index + match[0].length).trim();
    if (valueText === '') continue;
    const left = subjectOf(subject, context, sources);
    if (!left) continue;
    return `${left} ${operator} ${literalOf(valueText)}`;
  }
  return null;
}

/** What the left side of a comparison reads: a sample field, or the value or count of a search. */
function subjectOf(
  subject: string,
  context: ConditionContext,
  sources: Record<string, string>,
): string | null {
  const mentions = findFieldMentions(subject, context.fields);
  const best = mentions.find((mention) => mention.strength === 'exact') ?? mentions[0];
  if (best) {
    sources[best.field.name] = `input.${best.field.name}`;
    return `{{${best.field.name}}}`;
  }
  const search = searchReferredTo(subject, context);
  if (!search) return null;
  const stem = snakeType(search.resourceType);
  if (/\b(?:number|count|how many)\b/i.test(subject)) {
    sources[`${stem}_count`] = `${search.stepId}.result.count`;
    return `{{${stem}_count}}`;
  }
  if (
    search.resourceType === 'Observation' ||
    /\b(?:value|result|level|reading)\b/i.test(subject)
  ) {
    sources[`${stem}_value`] = `${search.stepId}.result.resource.valueQuantity.value`;
    return `{{${stem}_value}}`;
  }
  return null;
}

function literalOf(valueText: string): string {
  const quoted = /^["'“‘](.*)["'”’]$/.exec(valueText);
  if (quoted) return quote(quoted[1]);
  const number = /^-?\d+(?:\.\d+)?/.exec(valueText.replace(/,(?=\d{3}\b)/g, ''));
  if (number) return number[0];
  const lower = valueText.toLowerCase();
  if (lower === 'true' || lower === 'yes') return 'true';
  if (lower === 'false' || lower === 'no') return 'false';
  if (lower === 'empty' || lower === 'missing' || lower === 'null') return 'null';
  return quote(valueText.replace(/^(?:a|an|the)\s+/i, ''));
}

function quote(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}
