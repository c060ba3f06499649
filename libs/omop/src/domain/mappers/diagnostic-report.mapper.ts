import { child, children, text } from '../fhir/json.js';
import type { InputEntry } from '../input/read-fhir-input.js';
import { writeEvent, type ClinicalEvent } from '../mapping/clinical-event.js';
import { relateFacts } from '../mapping/fact-relationships.js';
import type { MappingRun, RowPlace } from '../mapping/mapping-run.js';
import { statusDropReason } from '../mapping/status-rules.js';
import { personOf } from '../mapping/subject.js';
import { resolveCodeableConcept } from '../vocabulary/resolve-codeable-concept.js';
import { TypeConcept } from '../vocabulary/type-concepts.js';
import { eventTime } from './event-time.js';
import { attachmentText, writeNote } from './note-row.js';

/** The Observation entries of the report's results, each reported when it cannot be followed. */
function resultEntries(run: MappingRun, entry: InputEntry): InputEntry[] {
  const found: InputEntry[] = [];
  for (const [index, result] of children(entry.resource.result).entries()) {
    const target = run.follow(entry, result, `result[${index}]`, ['Observation']);
    if (target) found.push(target);
  }
  return found;
}

/**
 * DiagnosticReport. Its results are Observations and map themselves. The report adds:
 * its own code as a row routed by domain when it has neither results nor a text form (a
 * report that is its own result, e.g. an imaging study); a row per conclusionCode; a note for its conclusion
 * text and for each text presentedForm. Every such row is linked to every result row by
 * fact_relationship (Has component / Component of). A report that yields nothing is dropped.
 */
export async function mapDiagnosticReport(run: MappingRun, entry: InputEntry): Promise<void> {
  const resource = entry.resource;
  const dropReason = statusDropReason('DiagnosticReport', resource);
  if (dropReason) return run.drop(entry, dropReason);
  const results = resultEntries(run, entry);
  const declaredResults = children(resource.result).length;
  const conclusions = children(resource.conclusionCode);
  const forms = children(resource.presentedForm)
    .map((form, index) => ({ index, form, text: attachmentText(form) }))
    .filter((item) => item.text !== undefined);
  const conclusion = text(resource.conclusion);
  // A report with a text form is a document (its code names the kind of note); one
  // without results or text is its own result, e.g. an imaging study or a screening.
  const ownCode = declaredResults === 0 && forms.length === 0 && child(resource.code) !== undefined;
  if (!ownCode && conclusions.length === 0 && forms.length === 0 && conclusion === undefined) {
    if (declaredResults === 0)
      run.drop(entry, 'no code, results, conclusion or text: nothing to record');
    return;
  }
  const time = eventTime(resource, ['effectiveDateTime', 'issued'], ['effectivePeriod']);
  if (!time) return run.drop(entry, 'no effective or issued date');
  const personId = personOf(run, entry, 'subject');
  if (personId === undefined) return;
  const common: Omit<ClinicalEvent, 'key' | 'naturalTable' | 'naturalDomains' | 'concept'> = {
    entry,
    personId,
    start: time.start,
    typeConceptId: children(resource.category).some((category) =>
      children(category.coding).some((coding) => text(coding.code) === 'LAB'),
    )
      ? TypeConcept.LAB
      : TypeConcept.EHR,
    visit: { value: resource.encounter, path: 'encounter' },
    providers: children(resource.performer).map((performer, index) => ({
      value: performer,
      path: `performer[${index}]`,
    })),
  };
  const reportRows: RowPlace[] = [];
  if (ownCode) {
    reportRows.push(
      await writeEvent(run, {
        ...common,
        key: entry.key,
        naturalTable: 'measurement',
        naturalDomains: ['Measurement', 'Observation', 'Procedure'],
        concept: await resolveCodeableConcept(resource.code, run.deps.codes, run.deps.concepts, [
          'Measurement',
          'Procedure',
          'Observation',
        ]),
      }),
    );
  }
  for (const [index, code] of conclusions.entries()) {
    reportRows.push(
      await writeEvent(run, {
        ...common,
        key: `${entry.key}#conclusionCode[${index}]`,
        naturalTable: 'observation',
        naturalDomains: ['Observation', 'Condition', 'Measurement'],
        concept: await resolveCodeableConcept(code, run.deps.codes, run.deps.concepts, [
          'Condition',
          'Observation',
        ]),
      }),
    );
  }
  const noteParts = {
    entry,
    personId,
    moment: time.start,
    kind: resource.code,
    visit: common.visit,
    providers: common.providers ?? [],
  };
  if (conclusion !== undefined) {
    reportRows.push(
      await writeNote(run, { ...noteParts, key: `${entry.key}#conclusion`, text: conclusion }),
    );
  }
  for (const form of forms) {
    reportRows.push(
      await writeNote(run, {
        ...noteParts,
        key: `${entry.key}#presentedForm[${form.index}]`,
        title: text(form.form.title),
        text: form.text!,
        language: text(form.form.language),
      }),
    );
  }
  for (const result of results)
    for (const part of run.eventRows.get(result) ?? [])
      for (const whole of reportRows) relateFacts(run, whole, part);
}
