import { AppError } from '@app/shared';
import { isResourceType } from '@medplum/core';
import type {
  Bundle,
  CapabilityStatement,
  ExtractResource,
  Resource,
  ResourceType,
} from '../../domain/fhir-types.js';
import {
  FhirClient,
  type FhirTarget,
  type SearchParams,
} from '../../application/ports/fhir-client.js';
import { loadFhirDefinitions } from '../../domain/fhir-definitions.js';
import { FHIR_ID } from '../../domain/resource/resource-rules.js';
import { invalidUpstreamResponse, upstreamError } from '../../domain/client/upstream-errors.js';
import type { FhirTransport, TransportRequest, TransportResponse } from './fhir-transport.js';

const DEFAULT_MAX_RESOURCES = 1000;

/** The FHIR REST interactions over any transport (HTTP to a provider, or the in-process sandbox). */
export class RestFhirClient extends FhirClient {
  constructor(private readonly transport: FhirTransport) {
    super();
    loadFhirDefinitions();
  }

  get target(): FhirTarget {
    return this.transport.target;
  }

  async read<K extends ResourceType>(resourceType: K, id: string): Promise<ExtractResource<K>> {
    assertType(resourceType);
    if (!FHIR_ID.test(id))
      throw AppError.badRequest('FHIR.INVALID_ID', `"${id}" is not a valid FHIR id`);
    return this.expectResource<ExtractResource<K>>(
      { method: 'GET', path: `${resourceType}/${id}` },
      resourceType,
    );
  }

  async search<K extends ResourceType>(
    resourceType: K,
    params?: SearchParams,
  ): Promise<Bundle<ExtractResource<K>>> {
    assertType(resourceType);
    const query = toQuery(params);
    return this.expectResource<Bundle<ExtractResource<K>>>(
      { method: 'GET', path: `${resourceType}${query ? `?${query}` : ''}` },
      'Bundle',
    );
  }

  async nextPage<T extends Resource>(bundle: Bundle<T>): Promise<Bundle<T> | undefined> {
    const next = bundle.link?.find((link) => link.relation === 'next')?.url;
    if (!next) return undefined;
    return this.expectResource<Bundle<T>>({ method: 'GET', path: this.belowBase(next) }, 'Bundle');
  }

  async searchAll<K extends ResourceType>(
    resourceType: K,
    params?: SearchParams,
    options?: { maxResources?: number },
  ): Promise<ExtractResource<K>[]> {
    const max = options?.maxResources ?? DEFAULT_MAX_RESOURCES;
    const found: ExtractResource<K>[] = [];
    let page: Bundle<ExtractResource<K>> | undefined = await this.search(resourceType, params);
    while (page) {
      for (const entry of page.entry ?? []) {
        if (
          entry.resource &&
          entry.search?.mode !== 'include' &&
          entry.search?.mode !== 'outcome'
        ) {
          found.push(entry.resource);
          if (found.length >= max) return found;
        }
      }
      page = await this.nextPage(page);
    }
    return found;
  }

  async create<T extends Resource>(resource: T): Promise<T & { id: string }> {
    assertType(resource.resourceType);
    const response = await this.send({
      method: 'POST',
      path: resource.resourceType,
      body: resource,
    });
    if (isResourceOf(response.body, resource.resourceType)) {
      return response.body as T & { id: string };
    }
    // A server that answers `return=minimal` still says where the resource went.
    const location = response.headers.location;
    const id = location
      ? /(?:^|\/)[A-Z][A-Za-z]+\/([A-Za-z0-9\-.]{1,64})(?:\/_history\/[^/]+)?$/.exec(location)?.[1]
      : undefined;
    if (!id)
      throw invalidUpstreamResponse(this.transport.label, 'no created resource and no Location');
    return (await this.read(resource.resourceType, id)) as unknown as T & { id: string };
  }

  async update<T extends Resource>(resource: T): Promise<T & { id: string }> {
    assertType(resource.resourceType);
    if (!resource.id || !FHIR_ID.test(resource.id)) {
      throw AppError.badRequest(
        'FHIR.INVALID_ID',
        'An update needs the resource id (1 to 64 of A-Z a-z 0-9 - .)',
      );
    }
    return this.expectResource<T & { id: string }>(
      { method: 'PUT', path: `${resource.resourceType}/${resource.id}`, body: resource },
      resource.resourceType,
    );
  }

  async transaction(bundle: Bundle): Promise<Bundle> {
    if (
      bundle.resourceType !== 'Bundle' ||
      (bundle.type !== 'transaction' && bundle.type !== 'batch')
    ) {
      throw AppError.badRequest(
        'FHIR.NOT_A_TRANSACTION',
        'Expected a Bundle of type transaction or batch',
      );
    }
    return this.expectResource<Bundle>({ method: 'POST', path: '', body: bundle }, 'Bundle');
  }

  capabilities(): Promise<CapabilityStatement> {
    return this.expectResource<CapabilityStatement>(
      { method: 'GET', path: 'metadata' },
      'CapabilityStatement',
    );
  }

  private async expectResource<T>(request: TransportRequest, resourceType: string): Promise<T> {
    const response = await this.send(request);
    if (!isResourceOf(response.body, resourceType)) {
      throw invalidUpstreamResponse(this.transport.label, `expected a ${resourceType}`);
    }
    return response.body as T;
  }

  private async send(request: TransportRequest): Promise<TransportResponse> {
    const response = await this.transport.send(request);
    if (response.status >= 200 && response.status < 300) return response;
    throw upstreamError(
      response.status,
      response.body,
      this.transport.label,
      response.headers['retry-after'],
    );
  }

  /** Paging links must stay on the same server: our credentials never go anywhere else. */
  private belowBase(link: string): string {
    const base = this.target.baseUrl.replace(/\/+$/, '');
    if (link.startsWith(`${base}/`) || link.startsWith(`${base}?`)) {
      return link.slice(base.length).replace(/^\//, '');
    }
    throw invalidUpstreamResponse(
      this.transport.label,
      `a paging link leaves the server (${link.slice(0, 200)})`,
    );
  }
}

function assertType(resourceType: string): void {
  if (!isResourceType(resourceType)) {
    throw AppError.badRequest(
      'FHIR.UNKNOWN_RESOURCE_TYPE',
      `"${resourceType}" is not a FHIR R4 resource type`,
    );
  }
}

function isResourceOf(body: unknown, resourceType: string): boolean {
  return (
    typeof body === 'object' && body !== null && (body as Resource).resourceType === resourceType
  );
}

function toQuery(params: SearchParams | undefined): string {
  if (params === undefined) return '';
  if (params instanceof URLSearchParams) return params.toString();
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  return search.toString();
}
