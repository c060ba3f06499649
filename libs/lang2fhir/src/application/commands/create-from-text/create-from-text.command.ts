import { Command } from '@nestjs/cqrs';
import type { Resource } from '@app/fhir';
import type { CallerFhirContext } from '../../caller-context.js';
import type { TextToFhirResult } from '../../queries/text-to-fhir/text-to-fhir.query.js';

export interface CreatedFromText extends TextToFhirResult {
  /** The resource as the FHIR server stored it (with its id). */
  stored: Resource & { id: string };
  target: { kind: 'sandbox' | 'remote'; providerId?: string };
}

/** lang2fhir-and-create: build one resource from text and store it in a provider (or the sandbox). */
export class CreateFromTextCommand extends Command<CreatedFromText> {
  constructor(
    readonly accountId: string,
    readonly resource: string,
    readonly text: string,
    readonly provider: string | undefined,
    readonly caller: CallerFhirContext = {},
  ) {
    super();
  }
}
