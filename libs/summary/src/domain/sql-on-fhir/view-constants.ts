import type { Problem } from '../summary-errors.js';

/**
 * ViewDefinition constants become FHIRPath literals written into the expressions, so that
 * a `valueTime` compares as a Time and a `valueDate` as a Date, which a plain string
 * variable would not.
 */
export type ConstantLiterals = ReadonlyMap<string, string>;

const IDENTIFIER = /^[A-Za-z][A-Za-z0-9_]*$/;
const DATE = /^\d{4}(-\d{2}(-\d{2})?)?$/;
const DATE_TIME = /^\d{4}(-\d{2}(-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?)?)?$/;
const TIME = /^\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/** Variables the engine provides itself; everything else must be a declared constant. */
const BUILT_IN_VARIABLES = new Set([
  'rowIndex',
  'resource',
  'rootResource',
  'context',
  'ucum',
  'sct',
  'loinc',
]);

function quote(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

type LiteralWriter = (value: unknown) => string | null;

const asString: LiteralWriter = (value) => (typeof value === 'string' ? quote(value) : null);
const asNumber: LiteralWriter = (value) =>
  typeof value === 'number' && Number.isFinite(value) ? String(value) : null;
const asInteger: LiteralWriter = (value) => (Number.isInteger(value) ? String(value) : null);

const LITERAL_WRITERS: Record<string, LiteralWriter> = {
  valueBase64Binary: asString,
  valueCanonical: asString,
  valueCode: asString,
  valueId: asString,
  valueMarkdown: asString,
  valueOid: asString,
  valueString: asString,
  valueUri: asString,
  valueUrl: asString,
  valueUuid: asString,
  valueBoolean: (value) => (typeof value === 'boolean' ? String(value) : null),
  valueDecimal: asNumber,
  valueInteger: asInteger,
  valueInteger64: (value) =>
    Number.isInteger(value) || (typeof value === 'string' && /^-?\d+$/.test(value))
      ? String(value)
      : null,
  valuePositiveInt: (value) =>
    Number.isInteger(value) && (value as number) > 0 ? String(value) : null,
  valueUnsignedInt: (value) =>
    Number.isInteger(value) && (value as number) >= 0 ? String(value) : null,
  valueDate: (value) => (typeof value === 'string' && DATE.test(value) ? `@${value}` : null),
  valueDateTime: (value) =>
    typeof value === 'string' && DATE_TIME.test(value)
      ? `@${value}${value.includes('T') ? '' : 'T'}`
      : null,
  valueInstant: (value) =>
    typeof value === 'string' && DATE_TIME.test(value) && value.includes('T') ? `@${value}` : null,
  valueTime: (value) => (typeof value === 'string' && TIME.test(value) ? `@T${value}` : null),
};

/** Reads `constant[]`; returns the literals by name and the problems found. */
export function readConstants(input: unknown, problems: Problem[]): Map<string, string> {
  const literals = new Map<string, string>();
  if (input === undefined) return literals;
  if (!Array.isArray(input)) {
    problems.push({ path: 'constant', problem: 'must be an array' });
    return literals;
  }
  input.forEach((constant: unknown, index) => {
    const path = `constant[${index}]`;
    if (typeof constant !== 'object' || constant === null) {
      problems.push({ path, problem: 'must be an object with name and one value[x]' });
      return;
    }
    const record = constant as Record<string, unknown>;
    const name = record.name;
    if (typeof name !== 'string' || !IDENTIFIER.test(name)) {
      problems.push({ path: `${path}.name`, problem: 'must be a name of letters, digits and _' });
      return;
    }
    const valueKeys = Object.keys(record).filter((key) => key.startsWith('value'));
    if (valueKeys.length !== 1) {
      problems.push({ path, problem: `constant ${name} needs exactly one value[x]` });
      return;
    }
    const key = valueKeys[0];
    const writer = LITERAL_WRITERS[key];
    const literal = writer ? writer(record[key]) : null;
    if (literal === null) {
      problems.push({ path: `${path}.${key}`, problem: `is not a valid ${key.slice(5)} value` });
      return;
    }
    if (literals.has(name)) problems.push({ path, problem: `constant ${name} is declared twice` });
    literals.set(name, literal);
  });
  return literals;
}

function skipQuoted(expression: string, start: number, quoteChar: string): number {
  let index = start + 1;
  while (index < expression.length && expression[index] !== quoteChar) {
    index += expression[index] === '\\' ? 2 : 1;
  }
  return index + 1;
}

/**
 * Replaces every `%name` that names a constant by its literal. Returns null (and records a
 * problem) when the expression uses a variable that is neither a constant nor built in.
 */
export function substituteConstants(
  expression: string,
  constants: ConstantLiterals,
  path: string,
  problems: Problem[],
): string | null {
  let output = '';
  let index = 0;
  let undefinedName: string | null = null;
  while (index < expression.length) {
    const char = expression[index];
    if (char === "'" || char === '`') {
      const end = skipQuoted(expression, index, char);
      output += expression.slice(index, end);
      index = end;
      continue;
    }
    if (char !== '%') {
      output += char;
      index += 1;
      continue;
    }
    let name: string;
    let end: number;
    const next = expression[index + 1];
    if (next === '`' || next === "'") {
      end = skipQuoted(expression, index + 1, next);
      name = expression.slice(index + 2, end - 1);
    } else {
      const match = /^[A-Za-z_][A-Za-z0-9_]*/.exec(expression.slice(index + 1));
      name = match ? match[0] : '';
      end = index + 1 + name.length;
    }
    const literal = constants.get(name);
    if (literal !== undefined) {
      output += literal;
    } else {
      if (!BUILT_IN_VARIABLES.has(name) && !/^(vs|ext)-/.test(name)) undefinedName ??= name;
      output += expression.slice(index, end);
    }
    index = end;
  }
  if (undefinedName !== null) {
    problems.push({ path, problem: `uses %${undefinedName}, which is not a declared constant` });
    return null;
  }
  return output;
}
