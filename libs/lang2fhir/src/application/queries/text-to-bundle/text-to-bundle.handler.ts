import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { ElementDerivation } from '../../../domain/derivation.js';
import { requireR4, requireUsableText } from '../../lang2fhir-errors.js';
import { BundlePlanner } from '../../services/bundle-planner.js';
import { TextToBundleQuery, type TextToBundle } from './text-to-bundle.query.js';

/** The planning half of lang2fhir-and-create-multi (same engine entry points), without a server. */
@QueryHandler(TextToBundleQuery)
export class TextToBundleHandler implements IQueryHandler<TextToBundleQuery> {
  constructor(private readonly planner: BundlePlanner) {}

  async execute({ accountId, text, version, patient }: TextToBundleQuery): Promise<TextToBundle> {
    requireR4(version);
    requireUsableText(text);
    const plan = await this.planner.plan(accountId, text, patient);
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
