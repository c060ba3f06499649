import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { FhirClients } from '@app/fhir-provider';
import { patientOf } from '../../caller-context.js';
import { requireUsableText } from '../../lang2fhir-errors.js';
import { CustomProfiles } from '../../services/custom-profiles.js';
import { ResourceFromText } from '../../services/resource-from-text.js';
import { CreateFromTextCommand, type CreatedFromText } from './create-from-text.command.js';

@CommandHandler(CreateFromTextCommand)
export class CreateFromTextHandler implements ICommandHandler<CreateFromTextCommand> {
  constructor(
    private readonly resources: ResourceFromText,
    private readonly clients: FhirClients,
    private readonly profiles: CustomProfiles,
  ) {}

  async execute(command: CreateFromTextCommand): Promise<CreatedFromText> {
    const { accountId, resource, text, provider, caller } = command;
    // The caller's own mistakes first (400, 413), then the provider (404), then the text (422).
    await this.profiles.resolve(accountId, resource);
    requireUsableText(text);
    const client = await this.clients.forProvider(accountId, provider, caller);
    const built = await this.resources.build(accountId, resource, text, {
      patient: patientOf(caller),
    });
    const stored = await client.create(built.resource);
    return {
      ...built,
      stored,
      target: { kind: client.target.kind, providerId: client.target.providerId },
    };
  }
}
