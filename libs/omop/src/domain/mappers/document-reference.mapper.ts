import { parseFhirMoment } from '../fhir/fhir-date.js';
import { child, children, text } from '../fhir/json.js';
import type { InputEntry } from '../input/read-fhir-input.js';
import type { MappingRun } from '../mapping/mapping-run.js';
import { personOf } from '../mapping/subject.js';
import { attachmentText, writeNote } from './note-row.js';

/**
 * DocumentReference → one note per content attachment with inline text. Current and
 * superseded documents are notes (a superseded note was still written); entered-in-error
 * ones (status or docStatus) are dropped. The note's date is `date`, else the start of the
 * clinical context's period, else the attachment's creation.
 */
export async function mapDocumentReference(run: MappingRun, entry: InputEntry): Promise<void> {
  const resource = entry.resource;
  if (
    text(resource.status) === 'entered-in-error' ||
    text(resource.docStatus) === 'entered-in-error'
  )
    return run.drop(entry, 'status is entered-in-error');
  const contents = children(resource.content)
    .map((content, index) => ({ index, attachment: child(content.attachment) }))
    .map((item) => ({ ...item, text: attachmentText(item.attachment) }))
    .filter((item) => item.text !== undefined);
  if (contents.length === 0)
    return run.drop(entry, 'no inline text attachment: note_text is required');
  const context = child(resource.context);
  const moment =
    parseFhirMoment(resource.date) ??
    parseFhirMoment(child(context?.period)?.start) ??
    parseFhirMoment(contents[0].attachment?.creation);
  if (!moment) return run.drop(entry, 'no date: note_date is required');
  const personId = personOf(run, entry, 'subject');
  if (personId === undefined) return;
  const encounter = children(context?.encounter)[0];
  for (const content of contents) {
    await writeNote(run, {
      entry,
      key: contents.length === 1 ? entry.key : `${entry.key}#content[${content.index}]`,
      personId,
      moment,
      kind: resource.type,
      title: text(content.attachment?.title) ?? text(resource.description),
      text: content.text!,
      language: text(content.attachment?.language) ?? text(resource.language),
      visit: encounter ? { value: encounter, path: 'context.encounter[0]' } : undefined,
      providers: children(resource.author).map((author, index) => ({
        value: author,
        path: `author[${index}]`,
      })),
    });
  }
}
