import type { MappingRun } from './mapping-run.js';
import { TypeConcept } from '../vocabulary/type-concepts.js';

/**
 * One observation_period per person, from the first to the last date of the person's
 * data in this response (visits, events, specimens, death). A person without any dated
 * record gets none: there is nothing to say when they were observed.
 */
export async function writeObservationPeriods(run: MappingRun): Promise<void> {
  for (const [entry, personId] of run.persons) {
    const span = run.spans.get(personId);
    if (!span) continue;
    run.tables.observation_period.push({
      observation_period_id: await run.id('observation_period', entry.key),
      person_id: personId,
      observation_period_start_date: span.start,
      observation_period_end_date: span.end,
      period_type_concept_id: TypeConcept.EHR,
    });
  }
}
