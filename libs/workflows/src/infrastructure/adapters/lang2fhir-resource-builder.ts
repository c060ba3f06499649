import { Injectable } from '@nestjs/common';
import { TextToFhir } from '@app/lang2fhir';
import { ResourceBuilder, type BuiltResource } from '../../application/ports/resource-builder.js';

@Injectable()
export class Lang2FhirResourceBuilder extends ResourceBuilder {
  constructor(private readonly lang2fhir: TextToFhir) {
    super();
  }

  async build(accountId: string, resource: string, text: string): Promise<BuiltResource> {
    const result = await this.lang2fhir.build(accountId, resource, text);
    return {
      resource: result.resource as unknown as Record<string, unknown>,
      derivations: result.derivations.map(({ path, method }) => ({ path, method })),
    };
  }
}
