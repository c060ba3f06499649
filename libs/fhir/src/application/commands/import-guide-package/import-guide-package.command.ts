import { Command } from '@nestjs/cqrs';

export interface GuideImport {
  guide: string;
  packageName?: string;
  packageVersion?: string;
  /** The profiles written, and whether each was new (else replaced). */
  profiles: { id: string; url: string; created: boolean }[];
  valueSets: string[];
  skipped: { file: string; reason: string }[];
}

/**
 * Imports an implementation guide: a `package.tgz` (FHIR NPM package) or its JSON resources.
 * Its resource profiles become custom profiles of the guide, its ValueSets bind them.
 */
export class ImportGuidePackageCommand extends Command<GuideImport> {
  constructor(
    readonly accountId: string,
    readonly name: string,
    readonly source: { archive: Buffer } | { resources: unknown[] },
  ) {
    super();
  }
}
