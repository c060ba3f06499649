import type { OmopIdAllocator, OmopTableName } from '../ids/omop-id-allocator.js';
import type { InputEntry } from '../input/read-fhir-input.js';
import type {
  Diagnostic,
  DroppedResource,
  MappingEntry,
  ProviderRoleContext,
  SpecimenSourceContext,
} from '../model/mapping-report.js';
import type { OmopTables, ProviderRow } from '../model/omop-rows.js';
import type { ReferenceIndex } from '../references/reference-index.js';
import type { UnitResolver } from '../units/unit-resolver.js';
import type { CodeResolution, CodeResolver, SourceCoding } from '../vocabulary/code-resolver.js';
import { resolveFixed } from '../vocabulary/fixed-resolver.js';
import type { ConceptSource } from '../vocabulary/concept-source.js';
import type { ConceptChoice } from '../vocabulary/resolve-codeable-concept.js';
import {
  mappingEntries,
  mappingEntry,
  type MappingPlace,
  type Routing,
} from './report-mappings.js';

/** Resource types that become provider rows. */
export const PROVIDER_TYPES: readonly string[] = ['Practitioner', 'PractitionerRole'];

export type AllTables = { [K in keyof OmopTables]-?: NonNullable<OmopTables[K]> };

export interface RunDependencies {
  concepts: ConceptSource;
  ids: OmopIdAllocator;
  references: ReferenceIndex;
  codes: CodeResolver;
  units: UnitResolver;
  /** Keep the per-code mapping report (default true); a bulk load reads only drops and diagnostics. */
  reportMappings?: boolean;
}

/** Where a foreign key is written, for the diagnostic when its target is missing. */
export interface RowPlace {
  table: OmopTableName;
  id: number;
}

/** Rows of one kind produced so far, by the entry they came from. */
export type Registry = Map<InputEntry, number>;

/**
 * The state of one mapping: rows, side lists, and which entries produced which rows, so
 * that a foreign key is only written when its target row exists in this response.
 */
export class MappingRun {
  readonly tables: AllTables = {
    location: [],
    care_site: [],
    provider: [],
    person: [],
    death: [],
    observation_period: [],
    visit_occurrence: [],
    condition_occurrence: [],
    drug_exposure: [],
    procedure_occurrence: [],
    measurement: [],
    specimen: [],
    observation: [],
    visit_detail: [],
    device_exposure: [],
    note: [],
    payer_plan_period: [],
    fact_relationship: [],
  };
  readonly mappings: MappingEntry[] = [];
  readonly specimenContexts: SpecimenSourceContext[] = [];
  readonly providerRoleContexts: ProviderRoleContext[] = [];
  readonly dropped: DroppedResource[] = [];
  readonly diagnostics: Diagnostic[] = [];

  readonly persons: Registry = new Map();
  readonly visits: Registry = new Map();
  readonly providers: Registry = new Map();
  readonly careSites: Registry = new Map();
  readonly locations: Registry = new Map();
  readonly specimens: Registry = new Map();
  /** Encounters that are part of another one: their visit_detail rows. */
  readonly visitDetails: Registry = new Map();
  /** Encounters being mapped, so that a partOf chain maps parents first and never loops. */
  readonly encountersInProgress = new Set<InputEntry>();
  /** Condition status from Encounter.diagnosis (use, rank), by the Condition entry. */
  readonly diagnosisRoles = new Map<InputEntry, { conceptId: number; sourceValue: string }>();
  /** Rows of measurement/observation/… by the entry they came from, for fact_relationship. */
  readonly eventRows = new Map<InputEntry, RowPlace[]>();
  /** Devices whose use already gave a device_exposure row (a Procedure's focalDevice, …). */
  readonly deviceExposures: Registry = new Map();
  /** Provider rows by id, so that PractitionerRoles can complete them. */
  readonly providerRows = new Map<number, ProviderRow>();
  /** The person each visit belongs to, so events only link visits of their own person. */
  readonly personOfVisit = new Map<number, number>();
  /** First and last date of each person's data: the observation period. */
  readonly spans = new Map<number, { start: string; end: string }>();
  private readonly droppedEntries = new Map<InputEntry, string>();
  private readonly fixedMemo = new Map<string, Promise<CodeResolution>>();

  constructor(readonly deps: RunDependencies) {}

  id(table: OmopTableName, key: string): Promise<number> {
    return Promise.resolve(this.deps.ids.idFor(table, key));
  }

  /** How reports name a resource: its id; a contained one by its container's key and `#id`. */
  resourceId(entry: InputEntry): string {
    return entry.container ? entry.key : (entry.id ?? entry.key);
  }

  /** A code translated by a fixed HL7 table (see resolveFixed), memoised per run. */
  async fixed(
    coding: SourceCoding,
    conceptId: number | undefined,
    source: string,
  ): Promise<CodeResolution> {
    const key = `${source}\u0000${coding.system ?? ''}\u0000${coding.code ?? ''}\u0000${conceptId ?? ''}`;
    let pending = this.fixedMemo.get(key);
    if (!pending) {
      pending = resolveFixed(coding, conceptId, source, this.deps.concepts);
      this.fixedMemo.set(key, pending);
    }
    const found = await pending;
    const same = found.coding.display === coding.display && found.coding.index === coding.index;
    return same ? found : { ...found, coding };
  }

  drop(entry: InputEntry, reason: string): void {
    this.droppedEntries.set(entry, reason);
    this.dropped.push({
      resource_type: entry.resourceType,
      resource_id: this.resourceId(entry),
      reason,
    });
  }

  droppedReason(entry: InputEntry): string | undefined {
    return this.droppedEntries.get(entry);
  }

  diagnose(entry: InputEntry, diagnostic: Omit<Diagnostic, 'resource_type' | 'resource_id'>): void {
    this.diagnostics.push({
      resource_type: entry.resourceType,
      resource_id: this.resourceId(entry),
      ...diagnostic,
    });
  }

  /**
   * The entry a reference points to, or undefined with a diagnostic when it cannot be
   * followed (absent references are silent: the field was simply not given).
   */
  follow(
    entry: InputEntry,
    value: unknown,
    path: string,
    allowed: readonly string[],
    at?: RowPlace,
  ): InputEntry | undefined {
    const outcome = this.deps.references.resolve(value, entry, allowed);
    if (outcome.kind === 'resolved') return outcome.entry;
    if (outcome.kind === 'absent') return undefined;
    this.diagnose(entry, {
      ...(at ? { omop_table: at.table, omop_id: at.id } : {}),
      path,
      reference: outcome.reference,
      outcome: outcome.kind,
      reason: outcome.reason,
    });
    return undefined;
  }

  /** A foreign key to a row made from the referenced entry, or null (with a diagnostic). */
  foreignKey(
    entry: InputEntry,
    value: unknown,
    path: string,
    allowed: readonly string[],
    registry: Registry,
    at: RowPlace,
  ): number | null {
    const target = this.follow(entry, value, path, allowed, at);
    if (!target) return null;
    const id = registry.get(target);
    if (id !== undefined) return id;
    const dropped = this.droppedReason(target);
    this.diagnose(entry, {
      omop_table: at.table,
      omop_id: at.id,
      path,
      reference: target.key,
      outcome: 'UNRESOLVED',
      reason: dropped
        ? `${target.key} is in the request but was dropped (${dropped})`
        : `${target.key} is in the request but produced no row this field can point to`,
    });
    return null;
  }

  /**
   * A provider foreign key from a performer-like reference. Performers are often
   * organizations, patients or care teams: those are simply not providers and are skipped
   * without a diagnostic; a reference that cannot be followed is reported as usual.
   */
  providerKey(entry: InputEntry, value: unknown, path: string, at: RowPlace): number | null {
    const outcome = this.deps.references.resolve(value, entry);
    if (outcome.kind === 'resolved' && !PROVIDER_TYPES.includes(outcome.entry.resourceType))
      return null;
    return this.foreignKey(entry, value, path, PROVIDER_TYPES, this.providers, at);
  }

  /** The visit of an event, only when it belongs to the same person. */
  visitKey(
    entry: InputEntry,
    value: unknown,
    path: string,
    personId: number,
    at: RowPlace,
  ): number | null {
    const visit = this.foreignKey(entry, value, path, ['Encounter'], this.visits, at);
    if (visit === null || this.personOfVisit.get(visit) === personId) return visit;
    this.diagnose(entry, {
      omop_table: at.table,
      omop_id: at.id,
      path,
      outcome: 'CONFLICTING',
      reason: 'the encounter belongs to another patient than the record',
    });
    return null;
  }

  observe(personId: number, ...dates: (string | null | undefined)[]): void {
    for (const date of dates) {
      if (!date) continue;
      const span = this.spans.get(personId);
      if (!span) this.spans.set(personId, { start: date, end: date });
      else {
        if (date < span.start) span.start = date;
        if (date > span.end) span.end = date;
      }
    }
  }

  place(entry: InputEntry, table: OmopTableName, field: string, id: number): MappingPlace {
    return {
      resourceType: entry.resourceType,
      resourceId: this.resourceId(entry),
      table,
      field,
      id,
    };
  }

  report(place: MappingPlace, choice: ConceptChoice, routing: Routing): void {
    if (this.deps.reportMappings === false) return;
    for (const mapping of mappingEntries(place, choice, routing)) this.mappings.push(mapping);
  }

  reportOne(
    place: MappingPlace,
    resolution: CodeResolution,
    preferredDomains: readonly string[] = [],
  ): void {
    if (this.deps.reportMappings === false) return;
    this.mappings.push(
      mappingEntry(place, resolution, resolution.targets[0], true, { preferredDomains }),
    );
  }
}
