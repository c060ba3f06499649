import { child, children, decimal, text, type JsonObject } from '../fhir/json.js';
import type { InputEntry } from '../input/read-fhir-input.js';
import { fit } from '../mapping/fit.js';
import type { MappingRun } from '../mapping/mapping-run.js';
import { statusDropReason } from '../mapping/status-rules.js';
import { personOf } from '../mapping/subject.js';
import type { IdentifierValue, SpecimenSourceContext } from '../model/mapping-report.js';
import { resolveCodeableConcept } from '../vocabulary/resolve-codeable-concept.js';
import { TypeConcept } from '../vocabulary/type-concepts.js';
import { eventTime } from './event-time.js';

const STATUSES = ['available', 'unavailable', 'unsatisfactory'] as const;

function identifier(value: JsonObject | undefined): IdentifierValue | undefined {
  const found = text(value?.value);
  if (!found) return undefined;
  const system = text(value?.system);
  return system ? { system, value: found } : { value: found };
}

/** The specimen's own id: accession identifier, else its first identifier, else the resource id. */
function sourceId(run: MappingRun, entry: InputEntry): { value: string; path: string } {
  const accession = identifier(child(entry.resource.accessionIdentifier));
  if (accession) return { value: accession.value, path: 'accessionIdentifier.value' };
  const first = identifier(children(entry.resource.identifier)[0]);
  if (first) return { value: first.value, path: 'identifier[0].value' };
  return { value: run.resourceId(entry), path: 'id' };
}

/** Specimen → specimen, with what OMOP has no column for in specimen_source_contexts. */
export async function mapSpecimen(run: MappingRun, entry: InputEntry): Promise<void> {
  const resource = entry.resource;
  const dropReason = statusDropReason('Specimen', resource);
  if (dropReason) return run.drop(entry, dropReason);
  const collection = child(resource.collection) ?? {};
  const collected = eventTime(collection, ['collectedDateTime'], ['collectedPeriod']);
  const received = eventTime(resource, ['receivedTime'], []);
  const time = collected ?? received;
  if (!time) return run.drop(entry, 'no collection or received time: specimen_date is required');
  const personId = personOf(run, entry, 'subject');
  if (personId === undefined) return;
  const id = await run.id('specimen', entry.key);
  const type = await resolveCodeableConcept(resource.type, run.deps.codes, run.deps.concepts, [
    'Specimen',
  ]);
  const bodySite = child(collection.bodySite)
    ? await resolveCodeableConcept(collection.bodySite, run.deps.codes, run.deps.concepts, [
        'Spec Anatomic Site',
      ])
    : undefined;
  const quantity = child(collection.quantity);
  const unit = quantity ? await run.deps.units.resolve(quantity) : undefined;
  const source = sourceId(run, entry);
  run.tables.specimen.push({
    specimen_id: id,
    person_id: personId,
    specimen_concept_id: type.standard?.conceptId ?? 0,
    specimen_type_concept_id: TypeConcept.EHR,
    specimen_date: time.start.date,
    specimen_datetime: time.start.datetime,
    quantity: decimal(quantity?.value) ?? null,
    unit_concept_id: unit?.concept?.conceptId ?? 0,
    anatomic_site_concept_id: bodySite?.standard?.conceptId ?? 0,
    specimen_source_id: fit(source.value, 50),
    specimen_source_value: fit(type.sourceValue, 50),
    unit_source_value: fit(unit?.sourceValue, 50),
    anatomic_site_source_value: fit(bodySite?.sourceValue, 50),
  });
  run.specimens.set(entry, id);
  run.report(run.place(entry, 'specimen', 'specimen_concept_id', id), type, {
    preferredDomains: ['Specimen'],
  });
  if (bodySite) {
    run.report(run.place(entry, 'specimen', 'anatomic_site_concept_id', id), bodySite, {
      preferredDomains: ['Spec Anatomic Site'],
    });
  }
  if (unit?.coding.code !== undefined)
    run.reportOne(run.place(entry, 'specimen', 'unit_concept_id', id), unit, ['Unit']);
  run.observe(personId, time.start.date);
  const status = text(resource.status);
  const accession = identifier(child(resource.accessionIdentifier));
  const identifiers = children(resource.identifier)
    .map(identifier)
    .filter((item) => item !== undefined);
  const period = child(collection.collectedPeriod);
  const context: SpecimenSourceContext = {
    specimen_id: id,
    ...(entry.id ? { resource_id: entry.id } : {}),
    ...(entry.fullUrl ? { full_url: entry.fullUrl } : {}),
    ...(status && (STATUSES as readonly string[]).includes(status)
      ? { status: status as SpecimenSourceContext['status'] }
      : {}),
    ...(identifiers.length > 0 ? { identifiers } : {}),
    ...(accession ? { accession_identifier: accession } : {}),
    source_id_path: source.path,
    collection_timing: {
      ...(text(collection.collectedDateTime)
        ? { collected_date_time: text(collection.collectedDateTime) }
        : {}),
      ...(period ? { collected_period: { start: text(period.start), end: text(period.end) } } : {}),
      ...(text(resource.receivedTime) ? { received_time: text(resource.receivedTime) } : {}),
      selected_path: collected
        ? child(collection.collectedPeriod) && !text(collection.collectedDateTime)
          ? 'collection.collectedPeriod.start'
          : 'collection.collectedDateTime'
        : 'receivedTime',
    },
  };
  run.specimenContexts.push(context);
}
