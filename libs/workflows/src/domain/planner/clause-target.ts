import type { ClassifiedClause } from './clause-kind.js';
import { RESOURCE_NOUNS, type ResourceNoun } from './resource-vocabulary.js';

/** Resource types some verbs imply whatever the clause names ("prescribe amoxicillin"). */
const VERB_TYPES: Record<string, string> = {
  prescribe: 'MedicationRequest',
  flag: 'Flag',
  notify: 'Communication',
  send: 'Communication',
  schedule: 'Appointment',
  book: 'Appointment',
};

/** The resource a search or create clause is about: what its verb implies, else what it names. */
export function targetOf(clause: ClassifiedClause): ResourceNoun | null {
  const verb = clause.verb.split(/\s+/)[0];
  const implied = clause.kind === 'create' ? VERB_TYPES[verb] : undefined;
  if (implied && clause.target?.resourceType !== implied) return nounFor(implied);
  if (
    clause.kind === 'create' &&
    verb === 'order' &&
    clause.target?.resourceType !== 'MedicationRequest'
  ) {
    return nounFor('ServiceRequest');
  }
  if (!clause.target && verb === 'register') return nounFor('Patient');
  return clause.target;
}

export function nounFor(resourceType: string): ResourceNoun {
  return RESOURCE_NOUNS.find((noun) => noun.resourceType === resourceType)!;
}
