import type { Resource } from './fhir.js';
import type { ResourceKind } from './resource-kinds.js';

export interface ValidationIssue {
  path: string;
  problem: string;
}

type Json = Record<string, unknown>;

/** Elements each profile requires (1..*), `name[x]` for any type of a choice element. */
const REQUIRED: Record<ResourceKind, string[]> = {
  appointment: ['status', 'participant'],
  'condition-encounter-diagnosis': ['category', 'code', 'subject'],
  medicationrequest: ['status', 'intent', 'medication[x]', 'subject'],
  careplan: ['text', 'status', 'intent', 'category', 'subject'],
  'condition-problems-health-concerns': ['category', 'code', 'subject'],
  coverage: ['status', 'beneficiary', 'relationship', 'payor'],
  encounter: ['status', 'class', 'type', 'subject'],
  'observation-clinical-result': ['status', 'category', 'code', 'subject'],
  'observation-lab': ['status', 'category', 'code', 'subject'],
  patient: ['identifier', 'name', 'gender'],
  procedure: ['status', 'code', 'subject'],
  questionnaire: ['status'],
  questionnaireresponse: ['questionnaire', 'status', 'subject', 'authored'],
  servicerequest: ['status', 'intent', 'code', 'subject'],
  'simple-observation': ['status', 'category', 'code', 'subject'],
  'vital-signs': ['status', 'category', 'code', 'subject', 'effective[x]'],
};

/** The category code a profile fixes (its required slice). */
const CATEGORY: Partial<Record<ResourceKind, string>> = {
  'condition-encounter-diagnosis': 'encounter-diagnosis',
  'condition-problems-health-concerns': 'problem-list-item',
  'observation-lab': 'laboratory',
  'vital-signs': 'vital-signs',
  careplan: 'assess-plan',
};

/** The elements the profile of `kind` requires, as checked by `usCoreIssues`. */
export function requiredElements(kind: ResourceKind): readonly string[] {
  return REQUIRED[kind];
}

function present(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

function hasElement(resource: Json, path: string): boolean {
  if (!path.endsWith('[x]')) return present(resource[path]);
  const stem = path.slice(0, -3);
  return Object.keys(resource).some(
    (key) =>
      (key.startsWith(stem) && /^[A-Z]/.test(key.slice(stem.length)) && present(resource[key])) ||
      (key.startsWith(`_${stem}`) && present(resource[key])),
  );
}

function categoryCodes(resource: Json): string[] {
  const categories = (resource.category ?? []) as { coding?: { code?: string }[] }[];
  return categories.flatMap((category) => (category.coding ?? []).map((item) => item.code ?? ''));
}

/**
 * The US Core 6.1 (and R4 invariant) requirements that the R4 base validation does not
 * check: mandatory elements, fixed categories, a value or a reason for its absence,
 * identifiers with system and value, a clinical status on every Condition not entered in
 * error, a performed time (or its absence reason) on a completed Procedure.
 */
export function usCoreIssues(kind: ResourceKind, resource: Resource): ValidationIssue[] {
  const json = resource as unknown as Json;
  const issues: ValidationIssue[] = [];
  for (const path of REQUIRED[kind]) {
    if (!hasElement(json, path))
      issues.push({
        path: `${resource.resourceType}.${path}`,
        problem: 'is required by the profile',
      });
  }
  const fixed = CATEGORY[kind];
  if (fixed && present(json.category) && !categoryCodes(json).includes(fixed))
    issues.push({
      path: `${resource.resourceType}.category`,
      problem: `must include the code ${fixed}`,
    });
  if (resource.resourceType === 'Condition') {
    const verification = resource.verificationStatus?.coding?.[0]?.code;
    if (verification !== 'entered-in-error' && !resource.clinicalStatus)
      issues.push({
        path: 'Condition.clinicalStatus',
        problem: 'is required unless entered in error',
      });
  }
  if (resource.resourceType === 'Observation' && kind !== 'simple-observation') {
    const hasValue = hasElement(json, 'value[x]') || present(json.dataAbsentReason);
    if (!hasValue && !present(json.component) && !present(json.hasMember))
      issues.push({
        path: 'Observation.value[x]',
        problem: 'a value or a dataAbsentReason is required',
      });
  }
  if (resource.resourceType === 'Patient') {
    resource.identifier?.forEach((identifier, index) => {
      if (!identifier.system || !identifier.value)
        issues.push({
          path: `Patient.identifier[${index}]`,
          problem: 'needs a system and a value',
        });
    });
  }
  if (
    resource.resourceType === 'Procedure' &&
    (resource.status === 'completed' || resource.status === 'in-progress') &&
    !hasElement(json, 'performed[x]')
  )
    issues.push({
      path: 'Procedure.performed[x]',
      problem: 'is required when the procedure is completed or in progress',
    });
  if (resource.resourceType === 'CarePlan' && resource.text && !resource.text.div)
    issues.push({ path: 'CarePlan.text.div', problem: 'is required' });
  return issues;
}
