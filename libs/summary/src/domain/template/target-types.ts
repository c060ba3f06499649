import type { ResourceEntry } from '../fhir/fhir-input.js';
import { R4_RESOURCE_TYPES } from '../fhir/resource-types.js';
import { SummaryError, SummaryErrorCodes, type Problem } from '../summary-errors.js';

const BY_LOWER_CASE = new Map([...R4_RESOURCE_TYPES].map((type) => [type.toLowerCase(), type]));

/** `…/us-core-condition-encounter-diagnosis` → Condition: the left-most word run naming a type. */
function typeNamedIn(profile: string): string | undefined {
  const words = (profile.split(/[/#]/).pop() ?? '').toLowerCase().split(/[-_.]/).filter(Boolean);
  for (let start = 0; start < words.length; start += 1) {
    for (let end = words.length; end > start; end -= 1) {
      const type = BY_LOWER_CASE.get(words.slice(start, end).join(''));
      if (type) return type;
    }
  }
  return undefined;
}

function profilesOf(entry: ResourceEntry): string[] {
  const profiles = (entry.resource.meta as { profile?: unknown } | undefined)?.profile;
  return Array.isArray(profiles)
    ? profiles.filter((profile): profile is string => typeof profile === 'string')
    : [];
}

/**
 * The resource types that target_resources name: a type name (any case), or a profile
 * URL, resolved through the example data's meta.profile, else through the type its name
 * contains (us-core-patient → Patient).
 */
export function resolveTargetTypes(
  targets: readonly string[],
  examples: readonly ResourceEntry[],
): string[] {
  const problems: Problem[] = [];
  const types: string[] = [];
  targets.forEach((target, index) => {
    const named = BY_LOWER_CASE.get(target.trim().toLowerCase());
    const profiled = examples.find((entry) => profilesOf(entry).includes(target))?.resource
      .resourceType;
    const type = named ?? profiled ?? (/[:/]/.test(target) ? typeNamedIn(target) : undefined);
    if (type === undefined) {
      problems.push({
        path: `target_resources[${index}]`,
        problem: `"${target}" is neither a FHIR R4 resource type nor a profile whose resource type can be told`,
      });
    } else if (!types.includes(type)) {
      types.push(type);
    }
  });
  if (problems.length > 0) {
    throw new SummaryError(
      'invalid',
      SummaryErrorCodes.UNKNOWN_RESOURCE_TYPE,
      problems.map((problem) => `${problem.path}: ${problem.problem}`).join('; '),
      problems,
    );
  }
  return types;
}
