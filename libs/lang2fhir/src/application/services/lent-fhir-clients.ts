import { Injectable } from '@nestjs/common';
import type { FhirClient } from '@app/fhir';

/**
 * The FHIR client a multi-create request already holds, lent to its reference fix-up while
 * the request waits for it. A fix-up that runs in the same process (the embedded profile, or
 * a worker inside the API) uses it rather than asking fhir-provider for a second client; one
 * that runs elsewhere (a separate worker, a retry after the request answered) asks for its own.
 */
@Injectable()
export class LentFhirClients {
  private readonly clients = new Map<string, FhirClient>();

  lend(fixupId: string, client: FhirClient): void {
    this.clients.set(fixupId, client);
  }

  borrow(fixupId: string): FhirClient | undefined {
    return this.clients.get(fixupId);
  }

  giveBack(fixupId: string): void {
    this.clients.delete(fixupId);
  }
}
