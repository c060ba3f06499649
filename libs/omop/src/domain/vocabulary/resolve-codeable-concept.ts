import { child, children, flag, text } from '../fhir/json.js';
import type { CodeResolution, CodeResolver, SourceCoding } from './code-resolver.js';
import { chooseTarget, compareCodings, specificityTieKey } from './coding-priority.js';
import type { ConceptSource, OmopConcept } from './concept-source.js';

/** The outcome for one CodeableConcept: every coding resolved, one selected. */
export interface ConceptChoice {
  /** Every coding in input order. */
  codings: CodeResolution[];
  selected?: CodeResolution;
  /** The standard concept written to the `*_concept_id` field, when there is one. */
  standard?: OmopConcept;
  /** For an AMBIGUOUS code: the targets not used. */
  otherTargets: OmopConcept[];
  /** The source code verbatim, else the CodeableConcept text. */
  sourceValue?: string;
  text?: string;
}

export function readCoding(value: unknown, index: number): SourceCoding {
  const coding = child(value) ?? {};
  return {
    system: text(coding.system),
    // Codes are case-sensitive and kept verbatim apart from surrounding blanks.
    code: text(coding.code),
    display: text(coding.display),
    userSelected: flag(coding.userSelected),
    index,
  };
}

async function isAncestorOf(
  concepts: ConceptSource,
  ancestor: OmopConcept,
  descendant: OmopConcept,
): Promise<boolean> {
  if (!concepts.ancestors || ancestor.conceptId === descendant.conceptId) return false;
  const links = await concepts.ancestors(descendant.conceptId);
  return links.some((link) => link.ancestorConceptId === ancestor.conceptId);
}

/** IG f2o-036: among codings tied so far in one system, the more specific one wins. */
async function preferDescendant(
  ranked: CodeResolution[],
  concepts: ConceptSource,
  preferredDomains: readonly string[],
): Promise<CodeResolution> {
  let best = ranked[0];
  for (const other of ranked.slice(1)) {
    const bestTarget = chooseTarget(best.targets, preferredDomains);
    const otherTarget = chooseTarget(other.targets, preferredDomains);
    if (!bestTarget || !otherTarget) continue;
    if (await isAncestorOf(concepts, bestTarget, otherTarget)) best = other;
  }
  return best;
}

export function choiceFor(
  codings: CodeResolution[],
  selected: CodeResolution | undefined,
  preferredDomains: readonly string[],
  conceptText: string | undefined,
): ConceptChoice {
  const standard = selected ? chooseTarget(selected.targets, preferredDomains) : undefined;
  return {
    codings,
    selected,
    standard,
    otherTargets: selected ? selected.targets.filter((target) => target !== standard) : [],
    sourceValue: selected?.coding.code ?? conceptText,
    text: conceptText,
  };
}

/** Resolves every coding of a CodeableConcept and selects one by the documented priority. */
export async function resolveCodeableConcept(
  value: unknown,
  resolver: CodeResolver,
  concepts: ConceptSource,
  preferredDomains: readonly string[],
): Promise<ConceptChoice> {
  const concept = child(value);
  const conceptText = text(concept?.text);
  const codings = children(concept?.coding).map(readCoding);
  if (codings.length === 0) return choiceFor([], undefined, preferredDomains, conceptText);
  const peeked = codings.map((coding) => resolver.peek(coding));
  const resolved = peeked.every((found) => found !== undefined)
    ? peeked
    : await Promise.all(codings.map((coding) => resolver.resolve(coding)));
  if (resolved.length === 1) return choiceFor(resolved, resolved[0], preferredDomains, conceptText);
  const ranked = [...resolved].sort((a, b) => compareCodings(a, b, preferredDomains));
  const key = specificityTieKey(ranked[0], preferredDomains);
  const tied = ranked.filter((candidate) => specificityTieKey(candidate, preferredDomains) === key);
  const selected =
    tied.length > 1 ? await preferDescendant(tied, concepts, preferredDomains) : ranked[0];
  return choiceFor(resolved, selected, preferredDomains, conceptText);
}

/** A single Coding (Encounter.class, a valueCoding) resolved as a one-coding concept. */
export async function resolveSingleCoding(
  value: unknown,
  resolver: CodeResolver,
  preferredDomains: readonly string[],
): Promise<ConceptChoice> {
  if (child(value) === undefined) return choiceFor([], undefined, preferredDomains, undefined);
  const resolved = await resolver.resolve(readCoding(value, 0));
  return choiceFor([resolved], resolved, preferredDomains, undefined);
}
