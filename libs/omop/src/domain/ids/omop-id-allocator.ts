export type OmopTableName =
  | 'location'
  | 'care_site'
  | 'provider'
  | 'person'
  | 'death'
  | 'observation_period'
  | 'visit_occurrence'
  | 'condition_occurrence'
  | 'drug_exposure'
  | 'procedure_occurrence'
  | 'measurement'
  | 'specimen'
  | 'observation'
  | 'visit_detail'
  | 'device_exposure'
  | 'note'
  | 'payer_plan_period';

/** Gives each row its id from a stable source key (e.g. `Patient/123`, `Observation/9#component[1]`). */
export interface OmopIdAllocator {
  idFor(table: OmopTableName, sourceKey: string): number | Promise<number>;
}
