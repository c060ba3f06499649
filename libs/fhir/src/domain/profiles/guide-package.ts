import type { TarFile } from './tar-archive.js';

/** The FHIR NPM package (package/package.json + package/*.json resources) as read from its files. */
export interface GuidePackage {
  name: string;
  version?: string;
  /** The JSON resources at the package root, by file name. */
  resources: { file: string; resource: Record<string, unknown> }[];
  /** Root files that are not usable JSON resources, with the reason. */
  skipped: { file: string; reason: string }[];
}

/** The package's problem in words; the caller turns it into a 400. */
export class InvalidPackageError extends Error {}

/**
 * Picks what the FHIR NPM package format puts at `package/`: the manifest and the resources
 * (`package/*.json`); examples and other folders below it are not conformance resources.
 */
export function readGuidePackage(files: TarFile[]): GuidePackage {
  const root = files
    .map((file) => ({ ...file, path: file.path.replace(/^\.\//, '') }))
    .filter((file) => /^package\/[^/]+\.json$/.test(file.path));
  const manifestFile = root.find((file) => file.path === 'package/package.json');
  if (!manifestFile) {
    throw new InvalidPackageError('package/package.json is missing: not a FHIR NPM package');
  }
  const manifest = parse(manifestFile.content);
  if (!manifest || typeof manifest.name !== 'string' || manifest.name === '') {
    throw new InvalidPackageError('package/package.json has no "name"');
  }
  const resources: GuidePackage['resources'] = [];
  const skipped: GuidePackage['skipped'] = [];
  for (const file of root) {
    const name = file.path.slice('package/'.length);
    if (name === 'package.json' || name.startsWith('.')) continue;
    const resource = parse(file.content);
    if (!resource) skipped.push({ file: name, reason: 'not valid JSON' });
    else if (typeof resource.resourceType !== 'string')
      skipped.push({ file: name, reason: 'not a FHIR resource (no resourceType)' });
    else resources.push({ file: name, resource });
  }
  return {
    name: manifest.name,
    version: typeof manifest.version === 'string' ? manifest.version : undefined,
    resources,
    skipped,
  };
}

function parse(content: Buffer): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(content.toString('utf8').replace(/^\uFEFF/, '')) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
