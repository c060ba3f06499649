import { children } from '../fhir/json.js';
import type { InputEntry } from '../input/read-fhir-input.js';
import { writeEvent } from '../mapping/clinical-event.js';
import type { MappingRun } from '../mapping/mapping-run.js';
import { statusDropReason } from '../mapping/status-rules.js';
import { personOf } from '../mapping/subject.js';
import { resolveCodeableConcept } from '../vocabulary/resolve-codeable-concept.js';
import { TypeConcept } from '../vocabulary/type-concepts.js';
import { eventTime } from './event-time.js';

/**
 * DiagnosticReport: its results are Observations and are mapped as such (contained ones
 * take the report's subject and time). The report itself adds rows only for its
 * conclusion codes; a report with neither results nor conclusion codes (a note) is
 * dropped, since its text has no OMOP table here.
 */
export async function mapDiagnosticReport(run: MappingRun, entry: InputEntry): Promise<void> {
  const resource = entry.resource;
  const dropReason = statusDropReason('DiagnosticReport', resource);
  if (dropReason) return run.drop(entry, dropReason);
  const results = children(resource.result);
  for (const [index, result] of results.entries()) {
    // Reported now, so an unresolved result is visible even though the Observation maps itself.
    run.follow(entry, result, `result[${index}]`, ['Observation']);
  }
  const conclusions = children(resource.conclusionCode);
  if (conclusions.length === 0) {
    if (results.length === 0) {
      run.drop(
        entry,
        'no results and no conclusion codes: a report that is only text has no OMOP table here',
      );
    }
    return;
  }
  const time = eventTime(resource, ['effectiveDateTime', 'issued'], ['effectivePeriod']);
  if (!time) return run.drop(entry, 'no effective or issued date for its conclusion codes');
  const personId = personOf(run, entry, 'subject');
  if (personId === undefined) return;
  for (const [index, conclusion] of conclusions.entries()) {
    await writeEvent(run, {
      entry,
      key: `${entry.key}#conclusionCode[${index}]`,
      naturalTable: 'observation',
      naturalDomains: ['Observation', 'Condition', 'Measurement'],
      concept: await resolveCodeableConcept(conclusion, run.deps.codes, run.deps.concepts, [
        'Condition',
        'Observation',
      ]),
      personId,
      start: time.start,
      typeConceptId: TypeConcept.EHR,
      visit: { value: resource.encounter, path: 'encounter' },
      providers: children(resource.performer).map((performer, index) => ({
        value: performer,
        path: `performer[${index}]`,
      })),
    });
  }
}
