import type { BuiltinProfile } from '../../domain/profiles/builtin-profiles.js';

/**
 * The built-in profiles, supplied by the library that builds resources against them
 * (lang2fhir): listed read-only next to the accounts' custom profiles. Optional: without a
 * provider the service lists custom profiles only.
 */
export abstract class BuiltinProfileCatalog {
  abstract list(): readonly BuiltinProfile[];
}
