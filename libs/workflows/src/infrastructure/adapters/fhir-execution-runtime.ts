import { Injectable } from '@nestjs/common';
import type { FhirClient, Resource } from '@app/fhir';
import { FhirClients } from '@app/fhir-provider';
import {
  ExecutionRuntimeFactory,
  type FhirAccessOptions,
} from '../../application/ports/execution-runtime-factory.js';
import { ResourceBuilder } from '../../application/ports/resource-builder.js';
import { WorkflowRepository } from '../../application/ports/workflow.repository.js';
import type { ExecutionRuntime, Json } from '../../domain/execution/run-types.js';

type SearchableType = Parameters<FhirClient['search']>[0];

/** A run's access to the outside: one FHIR client per provider (made on first use), lang2fhir, the account's workflows. */
@Injectable()
export class FhirExecutionRuntimeFactory extends ExecutionRuntimeFactory {
  constructor(
    private readonly fhirClients: FhirClients,
    private readonly builder: ResourceBuilder,
    private readonly workflows: WorkflowRepository,
  ) {
    super();
  }

  create(accountId: string, access: FhirAccessOptions): ExecutionRuntime {
    const clients = new Map<string, Promise<FhirClient>>();
    const clientFor = (providerId: string): Promise<FhirClient> => {
      let client = clients.get(providerId);
      if (!client) {
        client = this.fhirClients.forProvider(accountId, providerId, access);
        clients.set(providerId, client);
      }
      return client;
    };
    return {
      search: async (providerId, resourceType, parameters) => {
        const client = await clientFor(providerId);
        const bundle = await client.search(resourceType as SearchableType, parameters);
        const resources = (bundle.entry ?? [])
          .filter((entry) => entry.search?.mode !== 'include' && entry.resource)
          .map((entry) => entry.resource as unknown as Json);
        return { resources, total: typeof bundle.total === 'number' ? bundle.total : null };
      },
      create: async (providerId, resource) => {
        const client = await clientFor(providerId);
        const stored = await client.create(resource as unknown as Resource);
        return stored as unknown as Json & { id: string };
      },
      build: async (resource, text) =>
        (await this.builder.build(accountId, resource, text)).resource,
      loadWorkflow: (id) => this.workflows.find(accountId, id),
    };
  }
}
