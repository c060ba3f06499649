import type { OmopTables } from '../model/omop-rows.js';

type ForeignKey = readonly [table: keyof OmopTables, column: string, target: keyof OmopTables];

const EVENT_TABLES = [
  'condition_occurrence',
  'drug_exposure',
  'procedure_occurrence',
  'measurement',
  'observation',
] as const;

/** Each foreign key column of the response's tables and the table its id must exist in. */
const FOREIGN_KEYS: readonly ForeignKey[] = [
  ['care_site', 'location_id', 'location'],
  ['provider', 'care_site_id', 'care_site'],
  ['person', 'location_id', 'location'],
  ['person', 'provider_id', 'provider'],
  ['person', 'care_site_id', 'care_site'],
  ['death', 'person_id', 'person'],
  ['observation_period', 'person_id', 'person'],
  ['specimen', 'person_id', 'person'],
  ['visit_occurrence', 'person_id', 'person'],
  ['visit_occurrence', 'provider_id', 'provider'],
  ['visit_occurrence', 'care_site_id', 'care_site'],
  ['visit_occurrence', 'preceding_visit_occurrence_id', 'visit_occurrence'],
  ['visit_detail', 'person_id', 'person'],
  ['visit_detail', 'visit_occurrence_id', 'visit_occurrence'],
  ['visit_detail', 'provider_id', 'provider'],
  ['visit_detail', 'care_site_id', 'care_site'],
  ['visit_detail', 'parent_visit_detail_id', 'visit_detail'],
  ['payer_plan_period', 'person_id', 'person'],
  ...(['device_exposure', 'note'] as const).flatMap((table): ForeignKey[] => [
    [table, 'person_id', 'person'],
    [table, 'provider_id', 'provider'],
    [table, 'visit_occurrence_id', 'visit_occurrence'],
  ]),
  ...EVENT_TABLES.flatMap((table): ForeignKey[] => [
    [table, 'person_id', 'person'],
    [table, 'provider_id', 'provider'],
    [table, 'visit_occurrence_id', 'visit_occurrence'],
  ]),
];

const PRIMARY_KEY: Record<Exclude<keyof OmopTables, 'fact_relationship'>, string> = {
  location: 'location_id',
  care_site: 'care_site_id',
  provider: 'provider_id',
  person: 'person_id',
  death: 'person_id',
  observation_period: 'observation_period_id',
  visit_occurrence: 'visit_occurrence_id',
  condition_occurrence: 'condition_occurrence_id',
  drug_exposure: 'drug_exposure_id',
  procedure_occurrence: 'procedure_occurrence_id',
  measurement: 'measurement_id',
  specimen: 'specimen_id',
  observation: 'observation_id',
  visit_detail: 'visit_detail_id',
  device_exposure: 'device_exposure_id',
  note: 'note_id',
  payer_plan_period: 'payer_plan_period_id',
};

/**
 * Foreign keys of a mapping result that point at no row of the same result, and primary
 * keys used twice in one table: both must be empty for every response.
 */
export function danglingForeignKeys(tables: OmopTables): string[] {
  const problems: string[] = [];
  const ids = new Map<string, Set<number>>();
  for (const [table, column] of Object.entries(PRIMARY_KEY)) {
    const seen = new Set<number>();
    for (const row of (tables[table as keyof OmopTables] ?? []) as unknown as Record<
      string,
      unknown
    >[]) {
      const id = row[column] as number;
      if (seen.has(id)) problems.push(`${table}.${column} ${id} is used twice`);
      seen.add(id);
    }
    ids.set(table, seen);
  }
  for (const [table, column, target] of FOREIGN_KEYS) {
    for (const row of (tables[table] ?? []) as unknown as Record<string, unknown>[]) {
      const value = row[column] as number | null | undefined;
      if (value === null || value === undefined) continue;
      if (!ids.get(target)!.has(value))
        problems.push(`${table}.${column} ${value} has no ${target} row`);
    }
  }
  return problems;
}
