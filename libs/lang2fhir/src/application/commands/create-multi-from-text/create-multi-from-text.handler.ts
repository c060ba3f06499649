import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Bundle, FhirClient, Resource } from '@app/fhir';
import { FhirClients } from '@app/fhir-provider';
import { JobQueue, SecretCipher } from '@app/shared';
import {
  planFixups,
  referenceFromLocation,
  storedReferences,
  withResources,
} from '../../../domain/bundle/reference-fixups.js';
import { patientOf } from '../../caller-context.js';
import { requireR4, requireUsableText } from '../../lang2fhir-errors.js';
import { ReferenceFixupRepository } from '../../ports/reference-fixup.repository.js';
import { ReferenceFixupJob, fixupContext, fixupJobId } from '../../reference-fixup.job.js';
import { BundlePlanner } from '../../services/bundle-planner.js';
import { FixupWaiter } from '../../services/fixup-waiter.js';
import { LentFhirClients } from '../../services/lent-fhir-clients.js';
import {
  CreateMultiFromTextCommand,
  type CreatedMultiFromText,
  type ReferenceFixupReport,
} from './create-multi-from-text.command.js';

@CommandHandler(CreateMultiFromTextCommand)
export class CreateMultiFromTextHandler implements ICommandHandler<CreateMultiFromTextCommand> {
  constructor(
    private readonly planner: BundlePlanner,
    private readonly clients: FhirClients,
    private readonly fixups: ReferenceFixupRepository,
    private readonly jobs: JobQueue,
    private readonly job: ReferenceFixupJob,
    private readonly waiter: FixupWaiter,
    private readonly cipher: SecretCipher,
    private readonly lent: LentFhirClients,
  ) {}

  async execute(command: CreateMultiFromTextCommand): Promise<CreatedMultiFromText> {
    const { accountId, text, version, provider, caller } = command;
    requireR4(version);
    requireUsableText(text);
    const client = await this.clients.forProvider(accountId, provider, caller);
    const plan = await this.planner.plan(accountId, text, patientOf(caller));
    // The reference fix-up below needs the job queue; when it is down, answer 503 before
    // anything is written to the FHIR server rather than after. (A fix-up whose enqueue
    // still fails stays pending and is enqueued by the reconciler.)
    await this.jobs.assertAvailable();
    const response = await client.transaction(plan.bundle);

    const stored = storedReferences(plan.bundle, response);
    const storedResources = await this.storedResources(client, response);
    const fixes = planFixups(storedResources, stored);
    let responseBundle: Bundle = withResources(response, storedResources);
    let referenceFixup: ReferenceFixupReport | undefined;
    if (fixes.updates.length > 0) {
      const id = randomUUID();
      const providerId = client.target.providerId;
      // A token_passthrough provider needs the caller's token for the PUTs too: it is kept
      // sealed with the fix-up until the job ends, never in clear.
      const token = providerId ? caller.providerTokens?.get(providerId) : undefined;
      const fixup = await this.fixups.create({
        id,
        accountId,
        provider: providerId ?? provider,
        onBehalfOf: caller.onBehalfOf,
        ...(token ? { sealedToken: this.cipher.encrypt(token, fixupContext(id)) } : {}),
        updates: fixes.updates,
      });
      // The fix-up reuses this client when it runs in this process while the request waits.
      this.lent.lend(fixup.id, client);
      const outcome = await this.awaitFixup(fixup.id).finally(() => this.lent.giveBack(fixup.id));
      if (outcome.status === 'completed')
        responseBundle = withResources(responseBundle, fixes.updates);
      referenceFixup = {
        id: outcome.id,
        status: outcome.status,
        updated: outcome.updated,
        ...(outcome.error ? { error: outcome.error } : {}),
      };
    }
    return {
      responseBundle,
      resources: plan.entries.map((entry) => ({
        tempId: entry.tempId,
        resourceType: entry.built.resource.resourceType,
        description: entry.built.description,
        ...(stored.has(entry.tempId) ? { reference: stored.get(entry.tempId) } : {}),
        derivations: entry.built.derivations,
      })),
      skipped: plan.skipped,
      ...(referenceFixup ? { referenceFixup } : {}),
      target: { kind: client.target.kind, providerId: client.target.providerId },
    };
  }

  private async awaitFixup(fixupId: string) {
    await this.jobs.enqueue(this.job, { fixupId }, { jobId: fixupJobId(fixupId) });
    return this.waiter.wait(fixupId);
  }

  /** Each stored resource as the server holds it: from the response, else read back. */
  private async storedResources(client: FhirClient, response: Bundle): Promise<Resource[]> {
    const resources: Resource[] = [];
    for (const entry of response.entry ?? []) {
      if (entry.resource?.id) {
        resources.push(entry.resource);
        continue;
      }
      const reference = referenceFromLocation(entry.response?.location);
      if (!reference) continue;
      const [type, id] = reference.split('/');
      resources.push(await client.read(type as Resource['resourceType'], id));
    }
    return resources;
  }
}
