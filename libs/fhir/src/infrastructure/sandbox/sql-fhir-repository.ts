import { Logger } from '@nestjs/common';
import {
  badRequest,
  isResourceType,
  notFound,
  OperationOutcomeError,
  Operator,
  type SearchRequest,
  type WithId,
} from '@medplum/core';
import {
  FhirRepository,
  type CreateResourceOptions,
  type ReadHistoryOptions,
  type RepositoryMode,
  type UpdateResourceOptions,
} from '@medplum/fhir-router';
import { randomUUID } from 'node:crypto';
import { applyPatch, type Operation } from 'rfc6902';
import type { DataSource, EntityManager } from 'typeorm';
import type { Bundle, BundleEntry, Reference, Resource } from '../../domain/fhir-types.js';
import {
  concurrentChangeOutcome,
  internalErrorOutcome,
  notFoundOutcome,
  unsupportedOutcome,
} from '../../domain/resource/outcomes.js';
import { assertValidResource, FHIR_ID } from '../../domain/resource/resource-rules.js';
import { planSearch } from '../../domain/search/search-plan.js';
import { ResourceRows } from './resource-rows.js';
import { SandboxSearch } from './sandbox-search.js';
import { parseContent } from './stored-content.js';
import {
  DEFAULT_MAX_JSON_DEPTH,
  describeJsonProblem,
  findJsonProblem,
  isUuid,
  RequestContext,
} from '@app/shared';
import { sharedR4Validation } from '../validation/r4-validation-pool.js';

const logger = new Logger('FhirSandbox');

/**
 * medplum's repository contract over the service's database, for one account. Each
 * instance serves one request: `withTransaction` swaps in the transaction's manager so
 * that every statement of a transaction Bundle runs on it (PGlite has one session).
 */
export class SqlFhirRepository extends FhirRepository<EntityManager> {
  private manager: EntityManager;
  private inTransaction = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly accountId: string,
    private readonly baseUrl: string,
    private readonly maxJsonDepth: number = DEFAULT_MAX_JSON_DEPTH,
  ) {
    super();
    this.manager = dataSource.manager;
  }

  setMode(_mode: RepositoryMode): void {
    // One database: no reader replica to choose.
  }

  generateId(): string {
    return randomUUID();
  }

  createResource<T extends Resource>(
    resource: T,
    options?: CreateResourceOptions,
  ): Promise<WithId<T>> {
    return this.guard(async () => {
      this.assertStorable(resource);
      await this.assertValid(resource);
      // A client's id on create is ignored (FHIR R4 §3.1.0.4); batches assign their own.
      const id = options?.assignedId && resource.id ? resource.id : this.generateId();
      // The index is computed before the transaction: it holds the (embedded) session less.
      const entries = await ResourceRows.indexOf(resource);
      return this.transactionally((rows) => rows.write(resource, id, undefined, entries));
    });
  }

  updateResource<T extends Resource>(
    resource: T,
    options?: UpdateResourceOptions,
  ): Promise<WithId<T>> {
    return this.guard(async () => {
      this.assertStorable(resource);
      await this.assertValid(resource);
      const id = resource.id;
      if (!id) throw new OperationOutcomeError(badRequest('The resource has no id', 'id'));
      const entries = await ResourceRows.indexOf(resource);
      return this.transactionally((rows) => rows.write(resource, id, options?.ifMatch, entries));
    });
  }

  /** JSON Patch (RFC 6902) on the current version, stored as a new version. */
  patchResource<T extends Resource>(
    resourceType: string,
    id: string,
    patch: Operation[],
  ): Promise<WithId<T>> {
    return this.guard(() => {
      this.assertAddressable(resourceType, id);
      return this.transactionally(async (rows) => {
        const patched = structuredClone(await rows.readCurrent<T>(resourceType, id));
        const failure = applyPatch(patched, patch).find((error) => error !== null);
        if (failure)
          throw new OperationOutcomeError(badRequest(`The patch fails: ${failure.message}`));
        if (patched.resourceType !== resourceType || patched.id !== id) {
          throw new OperationOutcomeError(badRequest('A patch may not change resourceType or id'));
        }
        await this.assertValid(patched);
        return rows.write(patched, id);
      });
    });
  }

  deleteResource(resourceType: string, id: string): Promise<void> {
    return this.guard(async () => {
      this.assertAddressable(resourceType, id);
      const existed = await this.transactionally((rows) => rows.delete(resourceType, id));
      if (!existed) throw new OperationOutcomeError(notFound);
    });
  }

  readResource<T extends Resource>(resourceType: string, id: string): Promise<WithId<T>> {
    return this.guard(() => {
      this.assertAddressable(resourceType, id);
      return this.rows().readCurrent<T>(resourceType, id);
    });
  }

  readReference<T extends Resource>(reference: Reference<T>): Promise<WithId<T>> {
    const [resourceType, id, ...rest] = (reference.reference ?? '').split('/');
    if (!resourceType || !id || rest.length > 0) {
      return Promise.reject(
        new OperationOutcomeError(badRequest(`Invalid reference "${reference.reference ?? ''}"`)),
      );
    }
    return this.readResource<T>(resourceType, id);
  }

  async readReferences<T extends Resource>(
    references: readonly Reference<T>[],
  ): Promise<(T | Error)[]> {
    const results: (T | Error)[] = [];
    for (const reference of references) {
      results.push(await this.readReference(reference).catch((error: Error) => error));
    }
    return results;
  }

  readHistory<T extends Resource>(
    resourceType: string,
    id: string,
    options?: ReadHistoryOptions,
  ): Promise<Bundle<WithId<T>>> {
    return this.guard(async () => {
      this.assertAddressable(resourceType, id);
      const limit = Math.min(Math.max(options?.limit ?? 100, 1), 1000);
      const offset = Math.max(options?.offset ?? 0, 0);
      const versions = await this.rows().readVersions(resourceType, id, limit, offset);
      if (versions.length === 0 && offset === 0) throw new OperationOutcomeError(notFound);
      const url = `${resourceType}/${id}`;
      const entry: BundleEntry<WithId<T>>[] = versions.map((version) =>
        version.content === null
          ? { request: { method: 'DELETE', url }, response: { status: '410' } }
          : {
              fullUrl: `${this.baseUrl}/${url}`,
              resource: parseContent<WithId<T>>(version.content),
              response: { status: '200' },
            },
      );
      return { resourceType: 'Bundle', type: 'history', entry };
    });
  }

  readVersion<T extends Resource>(
    resourceType: string,
    id: string,
    vid: string,
  ): Promise<WithId<T>> {
    return this.guard(() => {
      this.assertAddressable(resourceType, id);
      if (!isUuid(vid)) throw new OperationOutcomeError(notFound);
      return this.rows().readVersion<T>(resourceType, id, vid);
    });
  }

  search<T extends Resource>(request: SearchRequest<T>): Promise<Bundle<WithId<T>>> {
    return this.guard(() => {
      if (request.resourceType === ('MultipleTypes' as string)) {
        throw new OperationOutcomeError(
          unsupportedOutcome('System-level search is not supported; search one resource type'),
        );
      }
      this.assertKnownType(request.resourceType);
      const plan = planSearch(request);
      return new SandboxSearch(this.manager, this.accountId, this.baseUrl).run<T>(plan, request);
    });
  }

  async searchByReference<T extends Resource>(
    request: SearchRequest<T>,
    referenceField: string,
    references: string[],
  ): Promise<Record<string, WithId<T>[]>> {
    const results: Record<string, WithId<T>[]> = {};
    for (const reference of references) {
      const bundle = await this.search<T>({
        ...request,
        filters: [
          ...(request.filters ?? []),
          { code: referenceField, operator: Operator.EQUALS, value: reference },
        ],
      });
      results[reference] = (bundle.entry ?? [])
        .filter((entry) => entry.search?.mode !== 'include')
        .map((entry) => entry.resource as WithId<T>);
    }
    return results;
  }

  async withTransaction<TResult>(
    callback: (manager: EntityManager) => Promise<TResult>,
    options?: { serializable?: boolean },
  ): Promise<TResult> {
    if (this.inTransaction) return callback(this.manager);
    const isolation = options?.serializable ? 'SERIALIZABLE' : 'READ COMMITTED';
    return this.guard(() =>
      this.dataSource.transaction(isolation, async (manager) => {
        const outer = this.manager;
        this.manager = manager;
        this.inTransaction = true;
        try {
          return await callback(manager);
        } finally {
          this.manager = outer;
          this.inTransaction = false;
        }
      }),
    );
  }

  private rows(): ResourceRows {
    return new ResourceRows(this.manager, this.accountId);
  }

  private transactionally<R>(work: (rows: ResourceRows) => Promise<R>): Promise<R> {
    return this.inTransaction
      ? work(this.rows())
      : this.withTransaction((manager) => work(new ResourceRows(manager, this.accountId)));
  }

  private assertAddressable(resourceType: string, id: string): void {
    this.assertKnownType(resourceType);
    if (!FHIR_ID.test(id)) throw new OperationOutcomeError(notFound);
  }

  private assertKnownType(resourceType: string): void {
    if (!isResourceType(resourceType)) {
      throw new OperationOutcomeError(notFoundOutcome(`Unknown resource type "${resourceType}"`));
    }
  }

  /** The service's JSON input policy on every stored resource, whatever path it came by. */
  private assertStorable(resource: Resource): void {
    const problem = findJsonProblem(resource, this.maxJsonDepth);
    if (problem)
      throw new OperationOutcomeError(
        badRequest(describeJsonProblem(problem, 'Resource'), problem.path),
      );
  }

  /** R4 validation, a large resource in a worker thread; stopped with the request. */
  private async assertValid(resource: Resource): Promise<void> {
    await assertValidResource(resource, sharedR4Validation().validate, RequestContext.signal());
  }

  /**
   * FHIR errors and the request's stop (its deadline, a client gone) pass through; anything
   * else becomes a generic 500 (the router would echo its text).
   */
  private async guard<R>(work: () => Promise<R>): Promise<R> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof OperationOutcomeError) throw error;
      const signal = RequestContext.signal();
      if (signal?.aborted && error === signal.reason) throw error;
      const code = (error as { code?: unknown }).code;
      if (code === '40001' || code === '40P01' || code === '23505') {
        throw new OperationOutcomeError(concurrentChangeOutcome(), error);
      }
      logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
      throw new OperationOutcomeError(internalErrorOutcome, error);
    }
  }
}
