import type { GuideImport } from '../../application/commands/import-guide-package/import-guide-package.command.js';
import type { BuiltinProfile } from '../../domain/profiles/builtin-profiles.js';
import type { CustomProfile, ImplementationGuide } from '../../domain/profiles/custom-profile.js';

export function profileSummary(profile: CustomProfile) {
  return {
    id: profile.id,
    source: 'custom' as const,
    resource_type: profile.resourceType,
    url: profile.url,
    ...(profile.version === undefined ? {} : { version: profile.version }),
    ...(profile.fhirVersion === undefined ? {} : { fhir_version: profile.fhirVersion }),
    implementation_guide: profile.implementationGuide,
    created_at: profile.createdAt.toISOString(),
    updated_at: profile.updatedAt.toISOString(),
  };
}

/** A built-in profile in the shape of a custom one, marked read-only; it has no timestamps. */
export function builtinProfileSummary(profile: BuiltinProfile) {
  return {
    id: profile.id,
    source: 'builtin' as const,
    resource_type: profile.resourceType,
    url: profile.url,
    version: profile.version,
    fhir_version: '4.0.1',
    implementation_guide: profile.implementationGuide,
    read_only: true,
  };
}

export function guideSummary(guide: ImplementationGuide) {
  return {
    name: guide.name,
    ...(guide.profileContext ? { profile_context: guide.profileContext } : {}),
    profile_count: guide.profileIds.length,
    ...(guide.createdAt ? { created_at: guide.createdAt.toISOString() } : {}),
    ...(guide.updatedAt ? { updated_at: guide.updatedAt.toISOString() } : {}),
  };
}

export function guideImportSummary(result: GuideImport) {
  return {
    name: result.guide,
    ...(result.packageName
      ? { package: { name: result.packageName, version: result.packageVersion } }
      : {}),
    profiles: result.profiles,
    value_sets: result.valueSets,
    skipped: result.skipped,
  };
}
