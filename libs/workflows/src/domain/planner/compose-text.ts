import { placeholder } from '../placeholders.js';
import { fieldLabel, type Concept, type FieldMention, type SampleField } from './sample-fields.js';

/**
 * The text lang2fhir is asked to build a resource from: the clause, with each field it
 * mentions followed by that field's placeholder, and the step's other fields appended
 * ("create a condition for the diagnosis {{diagnosis}}, onset date {{onset_date}}"). A
 * number is followed by its unit ("glucose {{glucose}} {{unit}}"), and systolic and
 * diastolic values are written as a blood pressure ("{{systolic}}/{{diastolic}} mmHg"),
 * the way notes put them. `offset` is where `clause` starts in the text the mentions were
 * found in.
 */
export function composeText(
  clause: string,
  mentions: FieldMention[],
  fields: SampleField[],
  offset = 0,
  appendRest = true,
): string {
  const unit = fields.find(isUnitField);
  const pressure = bloodPressureFields(fields);
  const special = new Set<SampleField>([...(unit ? [unit] : []), ...(pressure ?? [])]);
  let unitUsed = false;
  const valueText = (field: SampleField): string => {
    const withUnit = typeof field.value === 'number' && unit !== undefined && !unitUsed;
    if (withUnit) unitUsed = true;
    return `${placeholder(field.name)}${withUnit ? ` ${placeholder(unit.name)}` : ''}`;
  };
  const inText = mentions
    .filter(
      (mention) =>
        fields.includes(mention.field) &&
        !special.has(mention.field) &&
        mention.start >= offset &&
        mention.end - offset <= clause.length,
    )
    .sort((a, b) => a.end - b.end);
  const insertions: { at: number; text: string }[] = inText.map((mention) => ({
    at: mention.end - offset,
    text: ` ${valueText(mention.field)}`,
  }));
  const extra: string[] = [];
  if (pressure) {
    const reading = `${placeholder(pressure[0].name)}/${placeholder(pressure[1].name)} mmHg`;
    const named = /\b(?:blood pressure|bp)\b/i.exec(clause);
    if (named) insertions.push({ at: named.index + named[0].length, text: ` ${reading}` });
    else extra.push(`blood pressure ${reading}`);
  }
  let text = clause;
  for (const { at, text: inserted } of insertions.sort((a, b) => b.at - a.at)) {
    text = `${text.slice(0, at)}${inserted}${text.slice(at)}`;
  }
  const rest = fields.filter(
    (field) => !special.has(field) && !inText.some((mention) => mention.field === field),
  );
  extra.push(...rest.map((field) => `${fieldLabel(field)} ${valueText(field)}`));
  if (unit && !unitUsed) extra.push(`${fieldLabel(unit)} ${placeholder(unit.name)}`);
  if (appendRest && extra.length > 0) text += `, ${extra.join(', ')}`;
  return text;
}

function isUnitField(field: SampleField): boolean {
  return field.words.includes('unit') || field.words.includes('units');
}

/** The systolic and diastolic fields, when the sample data has both. */
function bloodPressureFields(fields: SampleField[]): [SampleField, SampleField] | null {
  const systolic = fields.find((field) =>
    field.words.some((word) => /^(systolic|sbp)$/.test(word)),
  );
  const diastolic = fields.find((field) =>
    field.words.some((word) => /^(diastolic|dbp)$/.test(word)),
  );
  return systolic && diastolic ? [systolic, diastolic] : null;
}

/** The words after the resource noun ("for hyperglycemia"), without the leading preposition or article. */
export function subjectText(afterNoun: string): string {
  return afterNoun
    .trim()
    .replace(/^(?:for|about|regarding|to|of|on|with|that says|saying|:)\s+/i, '')
    .replace(/^(?:the|a|an)\s+/i, '')
    .trim();
}

/**
 * A patient described the way notes do ("{{first_name}} {{last_name}}, {{gender}}, born
 * {{date_of_birth}}, MRN {{mrn}}"), which lang2fhir reads reliably; empty without demographics.
 */
export function patientText(fields: SampleField[]): string {
  const value = (concept: Concept): string | null => {
    const field = fields.find((candidate) => candidate.concept === concept);
    return field ? placeholder(field.name) : null;
  };
  const name = [value('first_name'), value('last_name')].filter((part) => part !== null).join(' ');
  const parts = [
    name || value('full_name'),
    value('gender'),
    value('birth_date') && `born ${value('birth_date')}`,
    value('mrn') && `MRN ${value('mrn')}`,
    value('phone') && `phone ${value('phone')}`,
    value('email') && `email ${value('email')}`,
  ].filter((part): part is string => typeof part === 'string' && part !== '');
  return parts.length > 0 ? `${parts.join(', ')}.` : '';
}
