import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { FhirClient } from '@app/fhir';
import { FhirClients } from '@app/fhir-provider';
import { expectedFailure, SecretCipher } from '@app/shared';
import type { ReferenceFixup } from '../../../domain/bundle/reference-fixup.js';
import { ReferenceFixupRepository } from '../../ports/reference-fixup.repository.js';
import { LentFhirClients } from '../../services/lent-fhir-clients.js';
import { fixupContext } from '../../reference-fixup.job.js';
import { ApplyReferenceFixupCommand } from './apply-reference-fixup.command.js';

@CommandHandler(ApplyReferenceFixupCommand)
export class ApplyReferenceFixupHandler implements ICommandHandler<ApplyReferenceFixupCommand> {
  constructor(
    private readonly fixups: ReferenceFixupRepository,
    private readonly clients: FhirClients,
    private readonly cipher: SecretCipher,
    private readonly lent: LentFhirClients,
  ) {}

  async execute({ fixupId }: ApplyReferenceFixupCommand): Promise<void> {
    const fixup = await this.fixups.findById(fixupId);
    if (!fixup || fixup.status !== 'pending') return;
    const client = this.lent.borrow(fixup.id) ?? (await this.clientFor(fixup));
    if (!client) return;
    const updated: string[] = [];
    for (const resource of fixup.updates) {
      const saved = await client.update(resource);
      const version = saved.meta?.versionId ? `/_history/${saved.meta.versionId}` : '';
      updated.push(`${saved.resourceType}/${saved.id}${version}`);
    }
    await this.fixups.complete(fixupId, updated);
  }

  /**
   * The client of the transaction's provider, with the on-behalf-of value and the caller's
   * passthrough token kept (sealed) with the fix-up. A provider that is gone or refuses the
   * request (4xx) will not change its mind: the fix-up fails at once, saying why.
   */
  private async clientFor(fixup: ReferenceFixup): Promise<FhirClient | null> {
    const token = fixup.sealedToken ? this.openToken(fixup.id, fixup.sealedToken) : null;
    try {
      return await this.clients.forProvider(fixup.accountId, fixup.provider, {
        onBehalfOf: fixup.onBehalfOf,
        ...(token && fixup.provider ? { providerTokens: new Map([[fixup.provider, token]]) } : {}),
      });
    } catch (error) {
      const failure = expectedFailure(error);
      if (!failure || failure.status >= 500 || failure.status === 429) throw error;
      await this.fixups.fail(fixup.id, `${failure.message} (${failure.code})`);
      return null;
    }
  }

  /** A token that no longer opens (the key changed) counts as absent: the PUTs go without it. */
  private openToken(fixupId: string, sealed: string): string | null {
    try {
      return this.cipher.decrypt(sealed, fixupContext(fixupId));
    } catch {
      return null;
    }
  }
}
