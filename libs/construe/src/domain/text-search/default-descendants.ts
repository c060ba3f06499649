import { isLowInformation, terms } from './search-words.js';

/**
 * ICD-10 codes below a heading differ by axes that their titles spell after the heading's
 * words ("…, intractable" / "…, not intractable"; "… with complications" / "… without
 * complications"; "…, right eye" / "…, unspecified eye"). When a query states none of those
 * axes, the classification's convention is the code that carries each axis's default value:
 * the unspecified, negated or absent case (a seizure disorder not otherwise specified is coded
 * "…, unspecified, not intractable, without status epilepticus"). Which child that is, is read from the titles:
 * the child whose added words are all in a clause opened by a word that negates or leaves
 * the axis open. Nothing here lists an axis.
 */
export interface CodeDefaults {
  /** The child that carries the default value of every axis its siblings name; -1 for none. */
  defaultChild: Int32Array;
  /**
   * For each heading, the meaningful terms that its other children's titles add to its own:
   * a query naming one of them states an axis, and the default child is not its answer.
   */
  axisTerms: (ReadonlySet<string> | undefined)[];
}

/**
 * Words that open a clause stating an axis's default value: the unspecified or negated case,
 * and the two defaults the ICD-10-CM coding guidelines name (a poisoning of unknown intent is
 * coded as accidental; a substance use disorder with no stated complication, uncomplicated).
 */
const DEFAULT_OPENERS = new Set([
  'without',
  'not',
  'no',
  'unspecified',
  'nos',
  'accidental',
  'uncomplicated',
]);
/** Words that close such a clause: what follows states a value again. */
const CLAUSE_BREAKS = new Set(['with', 'and', 'due', 'in']);

/**
 * The terms a title adds to its parent's, each with whether it sits in a default clause
 * (after "without", "not", "unspecified", … and before the next comma or "with").
 */
function addedTerms(
  title: string,
  parentTerms: ReadonlySet<string>,
): { term: string; open: boolean }[] {
  const added: { term: string; open: boolean }[] = [];
  for (const clause of title.toLowerCase().split(/[,;:]/)) {
    let open = false;
    for (const word of clause.match(/[a-z0-9]+/g) ?? []) {
      if (DEFAULT_OPENERS.has(word)) open = true;
      else if (CLAUSE_BREAKS.has(word)) open = false;
      for (const term of terms(word)) {
        if (!parentTerms.has(term)) added.push({ term, open: open || DEFAULT_OPENERS.has(word) });
      }
    }
  }
  return added;
}

/** Headings read between two pauses of a stepwise build. */
const BUILD_STEP = 2_000;

/**
 * `parent`: each code's nearest ancestor among the codes (-1 for none), as `codeStructure`
 * gives it; `titles`: the codes' titles in the same order.
 */
export function codeDefaults(titles: readonly string[], parent: Int32Array): CodeDefaults {
  const steps = defaultSteps(titles, parent);
  let step = steps.next();
  while (!step.done) step = steps.next();
  return step.value;
}

/**
 * The same, awaiting `pause` every few thousand headings: reading all of ICD-10-CM's titles
 * takes a few hundred milliseconds, which a serving process must not spend in one piece.
 */
export async function buildCodeDefaults(
  titles: readonly string[],
  parent: Int32Array,
  pause: () => Promise<void>,
): Promise<CodeDefaults> {
  const steps = defaultSteps(titles, parent);
  let step = steps.next();
  while (!step.done) {
    await pause();
    step = steps.next();
  }
  return step.value;
}

function* defaultSteps(
  titles: readonly string[],
  parent: Int32Array,
): Generator<void, CodeDefaults> {
  const defaultChild = new Int32Array(titles.length).fill(-1);
  const axisTerms: (Set<string> | undefined)[] = new Array<Set<string> | undefined>(titles.length);
  const children = new Map<number, number[]>();
  parent.forEach((above, code) => {
    if (above < 0) return;
    const list = children.get(above);
    if (list) list.push(code);
    else children.set(above, [code]);
  });
  let read = 0;
  for (const [heading, below] of children) {
    if (++read % BUILD_STEP === 0) yield;
    const headingTerms = new Set(terms(titles[heading]));
    const named = new Set<string>();
    let choice = -1;
    for (const child of below) {
      const added = addedTerms(titles[child], headingTerms);
      if (added.every(({ open }) => open)) {
        if (choice < 0) choice = child;
        continue;
      }
      for (const { term, open } of added) {
        if (!open && !isLowInformation(term) && term !== 'with') named.add(term);
      }
    }
    defaultChild[heading] = choice;
    if (named.size > 0) axisTerms[heading] = named;
  }
  return { defaultChild, axisTerms };
}

/**
 * The code a query that names none of a heading's axes stands for, below `heading`: its
 * default child, that child's default child, and so on, while the query names no axis of
 * the level; -1 when the first step is already not taken.
 */
export function defaultDescendant(
  heading: number,
  queryTerms: ReadonlySet<string>,
  defaults: CodeDefaults,
): number {
  let at = heading;
  for (;;) {
    const next = defaults.defaultChild[at];
    if (next < 0) break;
    const named = defaults.axisTerms[at];
    if (named !== undefined && [...queryTerms].some((term) => named.has(term))) break;
    at = next;
  }
  return at === heading ? -1 : at;
}
