import type { OmopMoment } from '../fhir/fhir-date.js';
import { child, children, text } from '../fhir/json.js';
import type { InputEntry } from '../input/read-fhir-input.js';
import { fit } from '../mapping/fit.js';
import type { MappingRun, RowPlace } from '../mapping/mapping-run.js';
import { NoteConcepts } from '../vocabulary/ohdsi-conventions.js';
import { resolveCodeableConcept } from '../vocabulary/resolve-codeable-concept.js';
import { TypeConcept } from '../vocabulary/type-concepts.js';

/** The text of an Attachment: inline data of a text type, decoded as UTF-8; else undefined. */
export function attachmentText(attachment: unknown): string | undefined {
  const item = child(attachment);
  const data = text(item?.data);
  const contentType = text(item?.contentType)?.toLowerCase();
  if (data === undefined) return undefined;
  if (contentType !== undefined && !/^(text\/|application\/(json|xml|fhir))/.test(contentType))
    return undefined;
  const decoded = Buffer.from(data, 'base64').toString('utf8');
  return decoded.trim() === '' ? undefined : decoded;
}

/** English when the attachment or resource says so (BCP-47 `en`, `en-US`, …), else 0. */
function languageConcept(...tags: (string | undefined)[]): number {
  return tags.some((tag) => tag !== undefined && /^en(-|$)/i.test(tag))
    ? NoteConcepts.LANGUAGE_ENGLISH
    : 0;
}

export interface NoteParts {
  entry: InputEntry;
  key: string;
  personId: number;
  moment: OmopMoment;
  /** The CodeableConcept naming the kind of document (LOINC document codes). */
  kind: unknown;
  title?: string;
  text: string;
  language?: string;
  visit?: { value: unknown; path: string };
  providers: { value: unknown; path: string }[];
}

/**
 * Writes a note row. note_class_concept_id is the standard concept of the document's kind
 * (LOINC Document Ontology codes are standard), 0 without one; the type is EHR.
 */
export async function writeNote(run: MappingRun, parts: NoteParts): Promise<RowPlace> {
  const id = await run.id('note', parts.key);
  const at: RowPlace = { table: 'note', id };
  const kind = await resolveCodeableConcept(parts.kind, run.deps.codes, run.deps.concepts, [
    'Note',
    'Observation',
    'Measurement',
  ]);
  let providerId: number | null = null;
  for (const candidate of parts.providers) {
    providerId = run.providerKey(parts.entry, candidate.value, candidate.path, at);
    if (providerId !== null) break;
  }
  const firstCoding = children(child(parts.kind)?.coding)[0];
  run.tables.note.push({
    note_id: id,
    person_id: parts.personId,
    note_date: parts.moment.date,
    note_datetime: parts.moment.datetime,
    note_type_concept_id: TypeConcept.EHR,
    note_class_concept_id: kind.standard?.conceptId ?? 0,
    note_title: fit(
      parts.title ?? text(child(parts.kind)?.text) ?? text(firstCoding?.display),
      250,
    ),
    note_text: parts.text,
    encoding_concept_id: NoteConcepts.ENCODING_UTF8,
    language_concept_id: languageConcept(parts.language),
    provider_id: providerId,
    visit_occurrence_id: parts.visit
      ? run.visitKey(parts.entry, parts.visit.value, parts.visit.path, parts.personId, at)
      : null,
    note_source_value: fit(kind.sourceValue, 50),
    note_event_id: null,
    note_event_field_concept_id: 0,
  });
  run.report(run.place(parts.entry, 'note', 'note_class_concept_id', id), kind, {
    preferredDomains: ['Note'],
  });
  run.observe(parts.personId, parts.moment.date);
  return at;
}
