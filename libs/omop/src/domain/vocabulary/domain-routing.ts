import type { OmopTableName } from '../ids/omop-id-allocator.js';

/** The clinical event tables a standard concept's domain can send a record to. */
export type EventTable =
  'condition_occurrence' | 'drug_exposure' | 'procedure_occurrence' | 'measurement' | 'observation';

const TABLE_OF_DOMAIN: Readonly<Record<string, EventTable>> = {
  Condition: 'condition_occurrence',
  Drug: 'drug_exposure',
  Procedure: 'procedure_occurrence',
  Measurement: 'measurement',
  Observation: 'observation',
};

/** The table for a domain, or undefined when the response has no table for it (Device, Note, …). */
export function tableForDomain(domainId: string | undefined): EventTable | undefined {
  return domainId === undefined ? undefined : TABLE_OF_DOMAIN[domainId];
}

export function isEventTable(table: OmopTableName): table is EventTable {
  return Object.values(TABLE_OF_DOMAIN).includes(table as EventTable);
}
