import { isResourceType } from '@medplum/core';
import { workPacer } from '@app/shared';
import { loadFhirDefinitions } from '../fhir-definitions.js';
import { validateInThread, type R4Issue, type R4Validation } from './r4-validation.js';

/** One place in the input and what is wrong there. */
export interface InputFinding {
  path: string;
  problem: string;
}

export interface InputPolicyOptions {
  /** Request field the input came in, the start of every path: `fhir_resources`. */
  field: string;
  /** true: every R4 finding refuses the input (an error) instead of being a warning. */
  strict: boolean;
  /** The request's signal: the check stops (throws its reason) once it is aborted. */
  signal?: AbortSignal;
  /**
   * R4 validation of one resource; by default here, in one piece. @app/fhir's exported
   * `checkFhirInput` passes the pool that validates large resources in a worker thread.
   */
  validate?: R4Validation;
}

/**
 * What the input policy found. `errors` refuse the request (400); `warnings` are reported
 * with the answer, and the resources are read as far as they can be.
 */
export interface InputCheck {
  errors: InputFinding[];
  warnings: InputFinding[];
  /** Findings beyond the listed ones (the lists are capped). */
  unlisted: number;
}

const MAX_LISTED = 100;
/** Bundles inside Bundles deeper than this are refused (as fhir2omop's reader does). */
const MAX_NESTING = 8;
/** Entry shells per probe Bundle: each probe is one validation, done between two pauses. */
const SHELLS_PER_PROBE = 64;

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

class Findings {
  readonly errors: InputFinding[] = [];
  readonly warnings: InputFinding[] = [];
  unlisted = 0;

  /**
   * @param pace awaited before each validation: the check goes one resource at a time and
   *   lets the event loop run between slices, so a large Bundle never holds it in one piece.
   */
  constructor(
    private readonly strict: boolean,
    readonly pace: () => Promise<void>,
    private readonly validation: R4Validation,
    private readonly signal?: AbortSignal,
  ) {}

  /** R4 validation of one resource: its error and fatal issues. */
  async issues(resource: JsonObject): Promise<R4Issue[]> {
    await this.pace();
    const issues = await this.validation(resource, this.signal);
    return issues.filter((issue) => issue.severity === 'error' || issue.severity === 'fatal');
  }

  error(path: string, problem: string): void {
    this.add(this.errors, path, problem);
  }

  /** A finding of R4 validation: an error only in strict mode. */
  r4(path: string, problem: string): void {
    this.add(this.strict ? this.errors : this.warnings, path, problem);
  }

  private add(into: InputFinding[], path: string, problem: string): void {
    if (this.errors.length + this.warnings.length >= MAX_LISTED) this.unlisted += 1;
    else into.push({ path, problem });
  }
}

/** `Patient.name[1]` (Medplum's expression) at `fhir_resources.entry[1].resource`. */
function placeOf(expression: string | undefined, at: string): string {
  if (expression === undefined) return at;
  const dot = expression.indexOf('.');
  return dot < 0 ? at : `${at}${expression.slice(dot)}`;
}

/**
 * The Bundle invariants about the first entry (bdl-11 document, bdl-12 message): a Bundle is
 * validated without its entries, so these are checked here on the real entries instead.
 */
const FIRST_ENTRY_RULES: Record<string, { constraint: string; type: string }> = {
  document: { constraint: 'bdl-11', type: 'Composition' },
  message: { constraint: 'bdl-12', type: 'MessageHeader' },
};

/** R4 validation of one resource (a Bundle without its entries); error and fatal issues only. */
async function validate(
  resource: JsonObject,
  at: string,
  findings: Findings,
  skipConstraint?: string,
): Promise<void> {
  for (const issue of await findings.issues(resource)) {
    if (skipConstraint && issue.details?.text?.startsWith(`Constraint ${skipConstraint} `))
      continue;
    findings.r4(
      placeOf(issue.expression?.[0], at),
      issue.details?.text ?? issue.diagnostics ?? 'invalid',
    );
  }
}

/** A resource: structural checks first (they refuse), then R4 validation (it warns). */
async function checkResource(
  value: unknown,
  at: string,
  findings: Findings,
  depth: number,
): Promise<void> {
  const isRoot = depth === 0;
  if (!isObject(value) || typeof value.resourceType !== 'string' || value.resourceType === '') {
    findings.error(at, 'must be a FHIR resource (a JSON object with a resourceType)');
    return;
  }
  if (!isResourceType(value.resourceType)) {
    const problem = `"${value.resourceType.slice(0, 64)}" is not a FHIR R4 resource type`;
    // The root must be readable; an entry of an unknown type is skipped by the readers.
    if (isRoot) findings.error(`${at}.resourceType`, problem);
    else findings.r4(`${at}.resourceType`, `${problem}; the entry is not read`);
    return;
  }
  if (value.resourceType !== 'Bundle') {
    await validate(value, at, findings);
    return;
  }
  if (depth > MAX_NESTING) {
    findings.error(at, `nests Bundles deeper than ${MAX_NESTING}`);
    return;
  }
  const { entry, ...shell } = value;
  const firstEntryRule = FIRST_ENTRY_RULES[String(value.type)];
  await validate(shell, at, findings, firstEntryRule?.constraint);
  if (entry === undefined) return;
  if (!Array.isArray(entry)) {
    findings.error(`${at}.entry`, 'must be an array');
    return;
  }
  const first = (entry[0] as { resource?: { resourceType?: unknown } } | undefined)?.resource;
  if (firstEntryRule && first?.resourceType !== firstEntryRule.type) {
    findings.r4(
      `${at}.entry[0]`,
      `Constraint ${firstEntryRule.constraint} not met: a ${String(value.type)} Bundle must have a ${firstEntryRule.type} as the first resource`,
    );
  }
  const shells: { index: number; shell: JsonObject }[] = [];
  for (const [index, item] of (entry as unknown[]).entries()) {
    const place = `${at}.entry[${index}]`;
    if (!isObject(item)) {
      findings.error(place, 'must be an object');
      continue;
    }
    const { resource, ...rest } = item;
    const plainFullUrl =
      Object.keys(rest).length === 0 ||
      (Object.keys(rest).length === 1 && typeof rest.fullUrl === 'string');
    if (!plainFullUrl) shells.push({ index, shell: rest });
    if (resource !== undefined)
      await checkResource(resource, `${place}.resource`, findings, depth + 1);
  }
  for (let start = 0; start < shells.length; start += SHELLS_PER_PROBE)
    await validateEntryShells(shells.slice(start, start + SHELLS_PER_PROBE), at, findings);
}

/**
 * Entry-level elements (fullUrl, search, request, response), checked in a probe Bundle of
 * (some of) the entries without their resources (validated on their own above).
 */
async function validateEntryShells(
  shells: { index: number; shell: JsonObject }[],
  at: string,
  findings: Findings,
): Promise<void> {
  const probe = { resourceType: 'Bundle', type: 'collection', entry: shells.map((s) => s.shell) };
  for (const issue of await findings.issues(probe)) {
    // Bundle-level invariants (bdl-3, bdl-5…) speak of the probe, not of the input.
    const match = /^Bundle\.entry\[(\d+)\](\..+)$/.exec(issue.expression?.[0] ?? '');
    if (!match) continue;
    findings.r4(
      `${at}.entry[${shells[Number(match[1])].index}]${match[2]}`,
      issue.details?.text ?? issue.diagnostics ?? 'invalid',
    );
  }
}

/**
 * The one input policy of the endpoints that read FHIR sent by others (fhir2summary,
 * fhir2omop), the way robust FHIR consumers read:
 * - structural failures are errors: not a resource or Bundle, a Bundle whose `entry` is not
 *   an array, an entry that is not an object, an entry resource without a `resourceType`;
 * - everything else R4 validation finds (empty elements, unknown properties, missing
 *   required elements, wrong cardinality or type, an entry of an unknown resource type) is
 *   a warning naming the path, unless `strict` asks for today's refusal.
 * Each resource of a Bundle is validated on its own, so one bad resource does not hide the
 * findings of the others. Modes add their own errors (the IPS patient rules) afterwards.
 * Resources are validated one at a time, pausing for the event loop every few milliseconds;
 * `options.validate` decides where one resource is validated.
 */
export async function checkFhirInput(
  value: unknown,
  options: InputPolicyOptions,
): Promise<InputCheck> {
  loadFhirDefinitions();
  const findings = new Findings(
    options.strict,
    workPacer(options.signal),
    options.validate ?? validateInThread,
    options.signal,
  );
  await checkResource(value, options.field, findings, 0);
  return { errors: findings.errors, warnings: findings.warnings, unlisted: findings.unlisted };
}

/** `path: problem`, the form in which findings are listed in messages and warnings. */
export function describeFinding(finding: InputFinding): string {
  return `${finding.path}: ${finding.problem}`;
}

/** The findings as warning lines, with a closing line when some were not listed. */
export function warningLines(check: InputCheck): string[] {
  const lines = check.warnings.map(describeFinding);
  if (check.unlisted > 0) lines.push(`and ${check.unlisted} more findings not listed`);
  return lines;
}
