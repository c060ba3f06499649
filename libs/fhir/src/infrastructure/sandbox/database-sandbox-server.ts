import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AppConfig, RequestContext } from '@app/shared';
import { allOk, badRequest, getStatus, OperationOutcomeError } from '@medplum/core';
import { FhirRouter, type FhirRequest, type HttpMethod } from '@medplum/fhir-router';
import type { OperationOutcome, Resource } from '../../domain/fhir-types.js';
import type { DataSource } from 'typeorm';
import {
  SandboxFhirServer,
  type SandboxRequest,
  type SandboxResponse,
} from '../../application/ports/sandbox-request.js';
import { sandboxCapabilityStatement } from '../../domain/capability/capability-statement.js';
import {
  applyFhirPathPatch,
  isFhirPathPatch,
  PatchError,
  topLevelJsonPatch,
} from '../../domain/resource/fhirpath-patch.js';
import { unsupportedOutcome } from '../../domain/resource/outcomes.js';
import { normalizeSearchQuery, type RawQuery } from '../../domain/search/search-query.js';
import { loadFhirDefinitions } from '../../domain/fhir-definitions.js';
import { SqlFhirRepository } from './sql-fhir-repository.js';

/**
 * The sandbox: medplum's FHIR router over a database repository scoped to one account.
 * Transactions are atomic (one database transaction) and resolve `urn:uuid` references.
 */
@Injectable()
export class DatabaseSandboxServer extends SandboxFhirServer {
  private readonly router = new FhirRouter();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
  ) {
    super();
  }

  async handle(
    accountId: string,
    baseUrl: string,
    request: SandboxRequest,
  ): Promise<SandboxResponse> {
    // On the first request, not at start: a process that never serves the sandbox never loads them.
    loadFhirDefinitions();
    let fhirRequest: FhirRequest;
    try {
      const path = request.path.replace(/^\/+|\/+$/g, '');
      if (request.method === 'GET' && path === 'metadata') {
        return respond([allOk, sandboxCapabilityStatement(baseUrl, 'clinical-interop sandbox')]);
      }
      fhirRequest = toFhirRequest(path, request);
    } catch (error) {
      if (error instanceof OperationOutcomeError) return respond([error.outcome]);
      throw error;
    }
    const repository = new SqlFhirRepository(
      this.dataSource,
      accountId,
      baseUrl,
      this.config.maxJsonDepth,
    );
    if (isFhirPathPatch(fhirRequest.body)) {
      try {
        fhirRequest = { ...fhirRequest, body: await asJsonPatch(fhirRequest, repository) };
      } catch (error) {
        if (error instanceof OperationOutcomeError) return respond([error.outcome]);
        throw error;
      }
    }
    const [outcome, resource] = await this.router.handleRequest(fhirRequest, repository);
    // The router answers any error as a 500 outcome: a request stopped by its deadline (or
    // a client gone) answers with the stop's own error (504) instead.
    const signal = RequestContext.signal();
    if (signal?.aborted) throw signal.reason;
    return respond([outcome, resource], baseUrl);
  }
}

function toFhirRequest(path: string, request: SandboxRequest): FhirRequest {
  const segments = path === '' ? [] : path.split('/');
  if (segments.some((segment) => segment.startsWith('$'))) {
    throw new OperationOutcomeError(
      unsupportedOutcome('Operations ($…) are not supported by the sandbox'),
    );
  }
  let method: HttpMethod = request.method;
  let query: RawQuery = request.query;
  let body = request.body;
  if (method === 'POST' && segments.length === 2 && segments[1] === '_search') {
    // Search by POST: form parameters and query parameters together, answered as a GET.
    method = 'GET';
    query = { ...asQuery(body), ...query };
    body = undefined;
    segments.pop();
  }
  if (method === 'GET' && segments.length === 1) query = normalizeSearchQuery(segments[0], query);
  if ((method === 'POST' || method === 'PUT') && !isJsonObject(body)) {
    throw new OperationOutcomeError(badRequest('The request body must be a FHIR resource in JSON'));
  }
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
      search.append(key, item);
    }
  }
  const queryString = search.toString();
  const headers: Record<string, string> = {};
  if (request.ifMatch) headers['if-match'] = request.ifMatch;
  if (request.ifNoneExist) headers['if-none-exist'] = request.ifNoneExist;
  return {
    method,
    url: `/${segments.join('/')}${queryString ? `?${queryString}` : ''}`,
    pathname: '',
    params: {},
    query: {},
    body,
    headers,
    config: { transactions: true },
  };
}

/**
 * A FHIRPath Patch (Parameters) becomes the JSON Patch of what it changes on the current
 * version, so that both kinds go through the router's one patch path (versions, If-Match).
 */
async function asJsonPatch(
  request: FhirRequest,
  repository: SqlFhirRepository,
): Promise<unknown[]> {
  const [type, id, ...rest] = request.url.replace(/^\//, '').split('?')[0].split('/');
  if (request.method !== 'PATCH' || !type || !id || rest.length > 0) {
    throw new OperationOutcomeError(
      badRequest('A FHIRPath Patch applies to one resource: PATCH [type]/[id]'),
    );
  }
  const current = await repository.readResource(type, id);
  try {
    return topLevelJsonPatch(current, applyFhirPathPatch(current, request.body));
  } catch (error) {
    if (error instanceof PatchError) throw new OperationOutcomeError(badRequest(error.message));
    throw error;
  }
}

function respond(
  [outcome, resource]: [OperationOutcome, Resource?],
  baseUrl?: string,
): SandboxResponse {
  const status = getStatus(outcome);
  const headers: Record<string, string> = {};
  const versionId = resource?.meta?.versionId;
  if (resource && versionId && resource.resourceType !== 'Bundle') {
    headers.ETag = `W/"${versionId}"`;
    if (resource.meta?.lastUpdated) {
      headers['Last-Modified'] = new Date(resource.meta.lastUpdated).toUTCString();
    }
    if (status === 201 && baseUrl && resource.id) {
      headers.Location = `${baseUrl}/${resource.resourceType}/${resource.id}/_history/${versionId}`;
    }
  }
  return { status, body: resource ?? outcome, headers };
}

function asQuery(body: unknown): RawQuery {
  if (!isJsonObject(body)) return {};
  const query: RawQuery = {};
  for (const [key, value] of Object.entries(body)) {
    if (typeof value === 'string') query[key] = value;
    else if (Array.isArray(value))
      query[key] = value.filter((item): item is string => typeof item === 'string');
  }
  return query;
}

function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
