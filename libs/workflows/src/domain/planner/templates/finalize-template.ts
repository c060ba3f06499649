import { placeholdersIn } from '../../placeholders.js';
import { deriveTemplate, type Derivation, type SampleValue } from './derive-template.js';
import type { Json } from './skeletons.js';

/**
 * The template of a create step: the resource lang2fhir built (its sample values made
 * placeholders), completed by the step's skeleton. An element of the skeleton is added
 * where the built resource does not already carry its placeholders (a patient's MRN that
 * the text did not yield, the reference to the patient found earlier); where it does, the
 * built element stays; one built without any input value (a fixed value, a data-absent
 * reason) gives way to the skeleton's.
 */
export function finalizeTemplate(
  skeleton: Json,
  built: Json,
  samples: SampleValue[],
  derivations: Derivation[] = [],
): Json {
  const derived = deriveTemplate(built, samples, derivations);
  const present = new Set(placeholdersIn(derived));
  const result: Json = { ...derived, resourceType: skeleton.resourceType ?? derived.resourceType };
  for (const [key, part] of Object.entries(skeleton)) {
    if (key === 'resourceType') continue;
    const needed = placeholdersIn(part);
    const missing = needed.filter((name) => !present.has(name));
    const built = derived[key];
    if (!(key in derived) || (needed.length > 0 && placeholdersIn(built).length === 0)) {
      // Absent, or built without anything from the input (a fixed value, a data-absent-reason).
      result[key] = part;
    } else if (missing.length > 0 && Array.isArray(part) && Array.isArray(built)) {
      const additions = (part as unknown[]).filter((item) =>
        placeholdersIn(item).some((name) => !present.has(name)),
      );
      result[key] = [...(built as unknown[]), ...additions] as unknown[];
    } else if (missing.length > 0) {
      result[key] = part;
    }
  }
  return result;
}
