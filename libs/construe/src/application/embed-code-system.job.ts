import { Inject, Injectable } from '@nestjs/common';
import { AppConfig, InvalidJobPayloadError, type JobDefinition, isUuid } from '@app/shared';

export interface EmbedCodeSystemPayload {
  systemId: string;
}

/** One job per code system (its id is the idempotency key): embed every code still without a vector. */
@Injectable()
export class EmbedCodeSystemJob implements JobDefinition<EmbedCodeSystemPayload> {
  readonly name = 'construe.embed-code-system';
  readonly attempts: number;
  readonly backoffMs: number;

  constructor(@Inject(AppConfig) config: AppConfig) {
    this.attempts = config.embeddingJobAttempts;
    this.backoffMs = config.embeddingJobBackoffMs;
  }

  parse(payload: unknown): EmbedCodeSystemPayload {
    const systemId = (payload as Partial<EmbedCodeSystemPayload> | null)?.systemId;
    if (typeof systemId !== 'string' || !isUuid(systemId))
      throw new InvalidJobPayloadError(this.name, 'systemId must be a uuid');
    return { systemId };
  }
}

/** Stable per system and per content generation, so a re-upload (new id) gets a new job. */
export function embedJobId(systemId: string): string {
  return `embed-${systemId}`;
}
