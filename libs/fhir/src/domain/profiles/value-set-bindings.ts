import type { ElementDefinitionJson } from './profile-snapshot.js';

type Json = Record<string, unknown>;

interface CodingJson {
  system?: string;
  code?: string;
  display?: string;
}

/** A top-level element of a profile bound to a value set strongly enough to matter. */
export interface ValueSetBinding {
  path: string;
  /** The property name in the resource (`code`, or `value…` resolved from a choice). */
  name: string;
  strength: 'required' | 'extensible';
  /** The canonical url without `|version`. */
  valueSet: string;
  min: number;
  /** The element's first type code (`CodeableConcept`, `Coding`, `code`). */
  type?: string;
}

/** What a ValueSet enumerates, and the code systems it takes whole. */
interface ValueSetContent {
  codings: CodingJson[];
  /**
   * Systems included without a concept list (whole, or through filters that need a
   * terminology server to evaluate): any code of them is accepted, unchecked.
   */
  systems: Set<string>;
}

/**
 * The ValueSet an implicit value set url stands for (`<system>?fhir_vs` for the whole code
 * system, `<system>?fhir_vs=isa/<code>` for a concept and its descendants), or undefined.
 */
export function implicitValueSet(url: string): Json | undefined {
  const match = /^([^?]+)\?fhir_vs(?:=isa\/(.+))?$/.exec(url);
  if (!match) return undefined;
  const [, system, ancestor] = match;
  const include: Json = { system };
  if (ancestor) include.filter = [{ property: 'concept', op: 'is-a', value: ancestor }];
  return { resourceType: 'ValueSet', url, compose: { include: [include] } };
}

/** The required and extensible bindings of the profile's top-level elements. */
export function profileBindings(
  elements: ElementDefinitionJson[],
  type: string,
): ValueSetBinding[] {
  const bindings: ValueSetBinding[] = [];
  for (const element of elements) {
    const parts = element.path.split('.');
    if (parts.length !== 2 || parts[0] !== type || element.id?.includes(':')) continue;
    const binding = element.binding as { strength?: string; valueSet?: string } | undefined;
    if (binding?.strength !== 'required' && binding?.strength !== 'extensible') continue;
    if (typeof binding.valueSet !== 'string') continue;
    bindings.push({
      path: element.path,
      name: parts[1],
      strength: binding.strength,
      valueSet: binding.valueSet.split('|')[0],
      min: element.min ?? 0,
      type: (element.type as { code?: string }[] | undefined)?.[0]?.code,
    });
  }
  return bindings;
}

export function valueSetContent(valueSet: Json): ValueSetContent {
  const codings: CodingJson[] = [];
  const systems = new Set<string>();
  const walk = (contains: unknown) => {
    for (const item of Array.isArray(contains) ? (contains as Json[]) : []) {
      if (typeof item.code === 'string') codings.push(item);
      walk(item.contains);
    }
  };
  walk((valueSet.expansion as Json | undefined)?.contains);
  const include = (valueSet.compose as { include?: Json[] } | undefined)?.include ?? [];
  for (const part of include) {
    const system = typeof part.system === 'string' ? part.system : undefined;
    if (!system) continue;
    // No concept list: the whole system, or filters (is-a…) left unresolved: taken unchecked.
    if (!Array.isArray(part.concept)) systems.add(system);
    const concepts = Array.isArray(part.concept) ? (part.concept as CodingJson[]) : [];
    for (const concept of concepts)
      codings.push({ system, code: concept.code, display: concept.display });
  }
  return { codings, systems };
}

/**
 * Makes the coded top-level elements use their bound value sets, where the ValueSet is known:
 * a code already in it stays; otherwise a code of it whose display is the text of the element
 * is taken; a required element absent from the resource gets the code of a one-code value
 * set. Returns the required bindings still not met, as `path (value set url)`.
 */
export function bindCodes(
  resource: Json,
  bindings: ValueSetBinding[],
  valueSets: Record<string, Json>,
): string[] {
  const unmet: string[] = [];
  for (const binding of bindings) {
    const valueSet = valueSets[binding.valueSet] ?? implicitValueSet(binding.valueSet);
    if (!valueSet) continue;
    const content = valueSetContent(valueSet);
    const current = resource[binding.name];
    if (current === undefined) {
      if (binding.min >= 1 && content.codings.length === 1 && content.systems.size === 0) {
        resource[binding.name] = shaped(content.codings[0], binding.type);
      }
      continue;
    }
    const items = Array.isArray(current) ? current : [current];
    const bound = items.map((item) => bindOne(item, content));
    if (bound.every((item) => item !== undefined)) {
      resource[binding.name] = Array.isArray(current) ? bound : bound[0];
    } else if (binding.strength === 'required') {
      unmet.push(`${binding.path} (value set ${binding.valueSet})`);
    }
  }
  return unmet;
}

/** The value made to use the value set, or undefined when nothing of it fits. */
function bindOne(value: unknown, content: ValueSetContent): unknown {
  if (typeof value === 'string') {
    return content.codings.some((coding) => coding.code === value) ? value : undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const object = value as Json;
  if (Array.isArray(object.coding) || typeof object.text === 'string') {
    const codings = (object.coding ?? []) as CodingJson[];
    if (codings.some((coding) => isMember(coding, content))) return value;
    const match = byDisplay([object.text, ...codings.map((coding) => coding.display)], content);
    return match ? { ...object, coding: [...codings, match] } : undefined;
  }
  const coding = object as CodingJson;
  if (isMember(coding, content)) return value;
  return byDisplay([coding.display], content);
}

function isMember(coding: CodingJson, content: ValueSetContent): boolean {
  if (coding.system && content.systems.has(coding.system)) return true;
  return content.codings.some(
    (member) => member.code === coding.code && (member.system ?? coding.system) === coding.system,
  );
}

function byDisplay(texts: unknown[], content: ValueSetContent): CodingJson | undefined {
  const wanted = new Set(
    texts.filter((text): text is string => typeof text === 'string').map(normal),
  );
  const found = content.codings.find(
    (coding) =>
      (coding.display && wanted.has(normal(coding.display))) ||
      (coding.code && wanted.has(normal(coding.code))),
  );
  return found
    ? {
        system: found.system,
        code: found.code,
        ...(found.display ? { display: found.display } : {}),
      }
    : undefined;
}

function normal(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

function shaped(coding: CodingJson, type: string | undefined): unknown {
  const clean = {
    system: coding.system,
    code: coding.code,
    ...(coding.display ? { display: coding.display } : {}),
  };
  if (type === 'code') return coding.code;
  if (type === 'Coding') return clean;
  return { coding: [clean] };
}
