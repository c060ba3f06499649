import { placeholder, placeholdersIn } from '../../placeholders.js';
import type { PlaceholderSources, SearchOperation } from '../../workflow.js';
import type { ClassifiedClause } from '../clause-kind.js';
import { idPlaceholder, idSource } from '../links.js';
import { dependenciesOf, type PlanContext } from '../plan-context.js';
import { LATEST_SORT, PATIENT_LINKS, type ResourceNoun } from '../resource-vocabulary.js';
import { findFieldMentions, type FieldMention } from '../sample-fields.js';
import { searchParameterFor } from '../search-parameters.js';

/**
 * A search step: its parameters come from the fields named after "by" ("find the patient
 * by MRN and date of birth"), or for a patient from every demographic field; a search of
 * a patient's data is limited to the patient found or created before; "latest" sorts by
 * date and keeps one.
 */
export function addSearchStep(
  context: PlanContext,
  clause: ClassifiedClause,
  target: ResourceNoun,
  control: string[],
  providerId: string,
): void {
  const id = context.nextStepId();
  const type = target.resourceType;
  const parameters: Record<string, string> = {};
  const sources: PlaceholderSources = {};
  const criteria = /\b(?:by|using|with|via|matching|based on|on)\s+(.+)$/i.exec(clause.remainder);
  const criteriaStart = criteria ? clause.remainderStart + criteria.index : clause.remainderStart;
  const mentions = findFieldMentions(clause.text, context.fields).filter(
    (mention) => mention.start >= criteriaStart,
  );
  for (const mention of mentions) {
    const name = searchParameterFor(type, mention.field, wordsBefore(clause.text, mention));
    if (name === null) {
      if (criteria) {
        context.warnings.push(
          `"${clause.text}": ${type} has no search parameter for the field "${mention.field.name}"; it was left out of the search`,
        );
      }
      continue;
    }
    if (parameters[name] !== undefined) continue;
    parameters[name] = placeholder(mention.field.name);
    sources[mention.field.name] = `input.${mention.field.name}`;
  }
  if (type === 'Patient' && Object.keys(parameters).length === 0) {
    for (const field of context.fields) {
      const name = searchParameterFor(type, field, '');
      if (name === null || parameters[name] !== undefined) continue;
      parameters[name] = placeholder(field.name);
      sources[field.name] = `input.${field.name}`;
    }
  }
  linkToPatient(context, type, parameters, sources);
  if (/\b(?:latest|most recent|newest|current|last(?!\s+name))\b/i.test(clause.text)) {
    parameters._sort = LATEST_SORT[type] ?? '-_lastUpdated';
    parameters._count = '1';
  }
  if (placeholdersIn(parameters).length === 0) {
    context.warnings.push(
      `"${clause.text}" gives no search criteria from the sample data: it finds any ${type}`,
    );
  }
  const operation: SearchOperation = {
    kind: 'search',
    originalQuery: clause.written,
    resourceType: type,
    searchParameters: parameters,
    requiredFields: [],
    runtimePlaceholders: sources,
  };
  context.steps.push({
    id,
    name: `Search ${type}`,
    description: clause.written,
    type: 'search',
    providerId,
    operation,
    dependencies: dependenciesOf(sources, control),
    dynamicGeneration: false,
  });
  context.searches.push({ stepId: id, resourceType: type });
  context.producers.push({ resourceType: type, stepId: id, path: 'id' });
}

function linkToPatient(
  context: PlanContext,
  type: string,
  parameters: Record<string, string>,
  sources: PlaceholderSources,
): void {
  const link = PATIENT_LINKS[type];
  const source = idSource(context.producers, 'Patient');
  if (!link || !source || parameters[link.searchParameter] !== undefined) return;
  const name = idPlaceholder('Patient');
  parameters[link.searchParameter] = `Patient/${placeholder(name)}`;
  sources[name] = source;
}

/** The two words before a field's mention ("allergy to the medication" → "to the"). */
function wordsBefore(text: string, mention: FieldMention): string {
  return text.slice(0, mention.start).trim().split(/\s+/).slice(-2).join(' ').toLowerCase();
}
