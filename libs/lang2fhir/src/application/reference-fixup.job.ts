import { Inject, Injectable } from '@nestjs/common';
import { InvalidJobPayloadError, type JobDefinition, isUuid } from '@app/shared';
import { FixupSettings } from './ports/fixup-settings.js';

export interface ReferenceFixupPayload {
  fixupId: string;
}

/**
 * One job per fix-up (its id is the idempotency key): PUT the stored resources with their
 * `urn:uuid` references rewritten. A PUT of the same content is idempotent, so a retry
 * after a partial run is safe.
 */
@Injectable()
export class ReferenceFixupJob implements JobDefinition<ReferenceFixupPayload> {
  readonly name = 'lang2fhir.fix-references';
  readonly attempts: number;
  readonly backoffMs: number;

  constructor(@Inject(FixupSettings) settings: FixupSettings) {
    this.attempts = settings.fixupAttempts;
    this.backoffMs = settings.fixupBackoffMs;
  }

  parse(payload: unknown): ReferenceFixupPayload {
    const fixupId = (payload as Partial<ReferenceFixupPayload> | null)?.fixupId;
    if (typeof fixupId !== 'string' || !isUuid(fixupId))
      throw new InvalidJobPayloadError(this.name, 'fixupId must be a uuid');
    return { fixupId };
  }
}

export function fixupJobId(fixupId: string): string {
  return `fix-references-${fixupId}`;
}

/** The authenticated context a fix-up's sealed token is bound to. */
export function fixupContext(fixupId: string): string {
  return `lang2fhir.reference-fixup:${fixupId}:provider-token`;
}
