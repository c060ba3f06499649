import { randomUUID } from 'node:crypto';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { planBundle } from '../../../domain/bundle/plan-bundle.js';
import { hasPersonDetails } from '../../../domain/builders/patient.js';
import type { ElementDerivation } from '../../../domain/derivation.js';
import { linkTargetsForBundle } from '../../../domain/link-targets.js';
import {
  invalidResource,
  nothingFound,
  requireR4,
  requireUsableText,
} from '../../lang2fhir-errors.js';
import { ClinicalTextReader } from '../../services/clinical-text-reader.js';
import { ResourceChecker } from '../../services/resource-checker.js';
import { TextToBundleQuery, type TextToBundle } from './text-to-bundle.query.js';

/** The planning half of lang2fhir-and-create-multi (same engine entry points), without a server. */
@QueryHandler(TextToBundleQuery)
export class TextToBundleHandler implements IQueryHandler<TextToBundleQuery> {
  constructor(
    private readonly reader: ClinicalTextReader,
    private readonly checker: ResourceChecker,
  ) {}

  async execute({ accountId, text, version, patient }: TextToBundleQuery): Promise<TextToBundle> {
    requireR4(version);
    requireUsableText(text);
    const now = new Date();
    const analysis = this.reader.analyze(text, now);
    const links = await this.reader.link(accountId, linkTargetsForBundle(analysis));
    const plan = planBundle(
      { analysis, links, now: now.toISOString(), newId: randomUUID },
      patient,
    );
    const clinical = plan.entries.filter(
      (entry) => entry.built.resource.resourceType !== 'Patient',
    );
    if (clinical.length === 0 && !hasPersonDetails(analysis.person)) throw nothingFound('auto');
    for (const entry of plan.entries) {
      const issues = this.checker.issues(entry.kind, entry.built.resource);
      if (issues.length > 0) throw invalidResource(entry.built.resource.resourceType, issues);
    }
    return {
      bundle: plan.bundle,
      resources: plan.entries.map((entry) => {
        const originalText = spanOf(text, entry.built.derivations);
        return {
          tempId: entry.tempId,
          resourceType: entry.built.resource.resourceType,
          description: entry.built.description,
          ...(originalText ? { originalText } : {}),
          derivations: entry.built.derivations,
        };
      }),
      skipped: plan.skipped,
    };
  }
}

function spanOf(text: string, derivations: readonly ElementDerivation[]): string | undefined {
  if (derivations.length === 0) return undefined;
  const start = Math.min(...derivations.map((derivation) => derivation.start));
  const end = Math.max(...derivations.map((derivation) => derivation.end));
  return end > start ? text.slice(start, end) : undefined;
}
