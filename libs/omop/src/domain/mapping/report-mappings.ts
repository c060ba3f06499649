import type { MappingEntry, Resolution } from '../model/mapping-report.js';
import type { CodeResolution } from '../vocabulary/code-resolver.js';
import { chooseTarget } from '../vocabulary/coding-priority.js';
import type { OmopConcept } from '../vocabulary/concept-source.js';
import type { ConceptChoice } from '../vocabulary/resolve-codeable-concept.js';

/** The row and field a code was written to. */
export interface MappingPlace {
  resourceType: string;
  resourceId: string;
  table: string;
  field: string;
  id: number;
}

/** How the record was routed: set when the standard concept's domain moved it to another table. */
export interface Routing {
  preferredDomains: readonly string[];
  mismatch?: string;
}

function resolutionOf(resolution: CodeResolution, selected: boolean, routing: Routing): Resolution {
  const status =
    selected && routing.mismatch !== undefined && resolution.status === 'RESOLVED'
      ? 'DOMAIN_MISMATCH'
      : resolution.status;
  const reason = status === 'DOMAIN_MISMATCH' ? 'DOMAIN_MISMATCH' : resolution.reason;
  const out: Resolution = { status };
  if (reason) out.reason_code = reason;
  if (resolution.vocabularyId !== undefined) out.via = 'DIRECT';
  out.paths = resolution.paths;
  if (resolution.truncated) out.truncated = true;
  return out;
}

function describeTargets(targets: readonly OmopConcept[]): string {
  return targets
    .map((target) => `${target.conceptId} ${target.conceptName} (${target.domainId})`)
    .join(', ');
}

function noteFor(
  resolution: CodeResolution,
  target: OmopConcept | undefined,
  selected: boolean,
  routing: Routing,
  selectedCoding: CodeResolution | undefined,
): string | undefined {
  const parts: string[] = [];
  if (resolution.note) parts.push(resolution.note);
  if (resolution.status === 'AMBIGUOUS' && target) {
    parts.push(
      `${resolution.targets.length} standard targets: ${describeTargets(resolution.targets)}; used ${target.conceptId} (first in the expected domain, then lowest concept_id)`,
    );
  }
  if (selected && routing.mismatch) parts.push(routing.mismatch);
  if (!selected && selectedCoding) {
    parts.push(
      `not selected: coding ${selectedCoding.coding.index} (${selectedCoding.coding.system ?? 'no system'} ${selectedCoding.coding.code ?? ''}) ranks higher`,
    );
  }
  return parts.length > 0 ? parts.join('; ') : undefined;
}

export function mappingEntry(
  place: MappingPlace,
  resolution: CodeResolution,
  target: OmopConcept | undefined,
  selected: boolean,
  routing: Routing,
  selectedCoding?: CodeResolution,
  sourceName?: string,
): MappingEntry {
  const note = noteFor(resolution, target, selected, routing, selectedCoding);
  const name = resolution.coding.display ?? sourceName;
  const entry: MappingEntry = {
    resource_type: place.resourceType,
    resource_id: place.resourceId,
    omop_table: place.table,
    omop_field: place.field,
    omop_id: place.id,
    mapping_status: resolution.mappingStatus,
    selected,
    resolution: resolutionOf(resolution, selected, routing),
  };
  if (resolution.coding.system !== undefined) entry.source_system = resolution.coding.system;
  if (resolution.coding.code !== undefined) entry.source_code = resolution.coding.code;
  if (name !== undefined) entry.source_name = name;
  if (target?.vocabularyId) entry.target_vocabulary = target.vocabularyId;
  if (target?.conceptCode) entry.target_code = target.conceptCode;
  if (target?.conceptName) entry.target_name = target.conceptName;
  if (note !== undefined) entry.note = note;
  return entry;
}

/** One entry per coding of a CodeableConcept; an empty concept is reported as NO_SOURCE_CODE. */
export function mappingEntries(
  place: MappingPlace,
  choice: ConceptChoice,
  routing: Routing,
): MappingEntry[] {
  if (choice.codings.length === 0) {
    const empty: CodeResolution = {
      coding: { index: 0 },
      targets: [],
      mappingStatus: 'UNMAPPED',
      status: 'UNRESOLVED',
      reason: 'NO_SOURCE_CODE',
      paths: [],
      truncated: false,
      note: choice.text ? 'only text, no coding' : 'no code given',
    };
    return [mappingEntry(place, empty, undefined, true, routing, undefined, choice.text)];
  }
  return choice.codings.map((resolution) => {
    const selected = resolution === choice.selected;
    const target = selected
      ? choice.standard
      : chooseTarget(resolution.targets, routing.preferredDomains);
    return mappingEntry(
      place,
      resolution,
      target,
      selected,
      routing,
      selected ? undefined : choice.selected,
      choice.text,
    );
  });
}
