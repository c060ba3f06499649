import { formatSearchQuery, type SearchRequest, type WithId } from '@medplum/core';
import type { Bundle, BundleEntry, BundleLink, Resource } from '../../domain/fhir-types.js';
import type { EntityManager } from 'typeorm';
import { selectElements } from '../../domain/resource/select-elements.js';
import type { IncludePlan, SearchPlan } from '../../domain/search/search-plan.js';
import { buildSearchSql } from './search-sql.js';
import { SqlParameters } from './sql-parameters.js';
import { parseContent } from './stored-content.js';

const MAX_INCLUDED = 1000;

interface ResourceRow {
  resource_type: string;
  id: string;
  content: unknown;
}

/** Runs one search plan: the total, the page, `_include`/`_revinclude`, and the paging links. */
export class SandboxSearch {
  constructor(
    private readonly manager: EntityManager,
    private readonly accountId: string,
    private readonly baseUrl: string,
  ) {}

  async run<T extends Resource>(
    plan: SearchPlan,
    request: SearchRequest,
  ): Promise<Bundle<WithId<T>>> {
    const { where, orderBy, parameters, whereParameterCount } = buildSearchSql(
      this.accountId,
      plan,
    );
    let total: number | undefined;
    if (plan.withTotal) {
      const counted: { total: number | string }[] = await this.manager.query(
        `SELECT count(*) AS total FROM fhir_sandbox_resource r WHERE ${where}`,
        parameters.values.slice(0, whereParameterCount),
      );
      total = Number(counted[0].total);
    }
    let rows: ResourceRow[] = [];
    if (plan.count > 0) {
      const limit = parameters.add(plan.count);
      const offset = parameters.add(plan.offset);
      rows = await this.manager.query(
        `SELECT r.resource_type, r.id, r.content FROM fhir_sandbox_resource r WHERE ${where}
         ORDER BY ${orderBy} LIMIT ${limit} OFFSET ${offset}`,
        parameters.values,
      );
    }
    const matches = rows.map((row) => this.entry(row, 'match', plan.elements));
    const included = await this.included(plan, rows);
    const hasMore =
      total === undefined
        ? rows.length === plan.count && plan.count > 0
        : plan.offset + plan.count < total;
    return {
      resourceType: 'Bundle',
      type: 'searchset',
      ...(total === undefined ? {} : { total }),
      link: this.links(request, plan, hasMore),
      entry: [...matches, ...included] as BundleEntry<WithId<T>>[],
    };
  }

  private async included(plan: SearchPlan, page: ResourceRow[]): Promise<BundleEntry[]> {
    if (page.length === 0) return [];
    const seen = new Set(page.map((row) => `${row.resource_type}/${row.id}`));
    const included: BundleEntry[] = [];
    const add = (rows: ResourceRow[]) => {
      for (const row of rows) {
        const key = `${row.resource_type}/${row.id}`;
        if (seen.has(key) || included.length >= MAX_INCLUDED) continue;
        seen.add(key);
        included.push(this.entry(row, 'include'));
      }
    };
    for (const target of plan.include) add(await this.forwardIncludes(target, page));
    for (const target of plan.revInclude) add(await this.reverseIncludes(target, page));
    return included;
  }

  private async forwardIncludes(target: IncludePlan, page: ResourceRow[]): Promise<ResourceRow[]> {
    const parameters = new SqlParameters();
    const references: { value: string }[] = await this.manager.query(
      `SELECT DISTINCT i.value FROM fhir_sandbox_search_index i
       WHERE i.account_id = ${parameters.add(this.accountId)} AND i.resource_type = ${parameters.add(target.sourceType)}
         AND i.code = ${parameters.add(target.code)} AND i.kind = 'reference'
         AND i.resource_id IN (${parameters.list(page.map((row) => row.id))})`,
      parameters.values,
    );
    const wanted = references
      .map(({ value }) => value.split('/'))
      .filter(
        ([type, id]) => id !== undefined && (!target.targetType || type === target.targetType),
      );
    if (wanted.length === 0) return [];
    const lookup = new SqlParameters();
    const pairs = wanted.map(([type, id]) => `(${lookup.add(type)}, ${lookup.add(id)})`).join(', ');
    return this.manager.query(
      `SELECT resource_type, id, content FROM fhir_sandbox_resource
       WHERE account_id = ${lookup.add(this.accountId)} AND NOT deleted AND (resource_type, id) IN (${pairs})
       LIMIT ${MAX_INCLUDED}`,
      lookup.values,
    );
  }

  private reverseIncludes(target: IncludePlan, page: ResourceRow[]): Promise<ResourceRow[]> {
    const parameters = new SqlParameters();
    const references = parameters.list(page.map((row) => `${row.resource_type}/${row.id}`));
    return this.manager.query(
      `SELECT r.resource_type, r.id, r.content FROM fhir_sandbox_resource r
       WHERE r.account_id = ${parameters.add(this.accountId)} AND r.resource_type = ${parameters.add(target.sourceType)}
         AND NOT r.deleted AND EXISTS (
           SELECT 1 FROM fhir_sandbox_search_index i
           WHERE i.account_id = r.account_id AND i.resource_type = r.resource_type AND i.resource_id = r.id
             AND i.code = ${parameters.add(target.code)} AND i.kind = 'reference' AND i.value IN (${references}))
       ORDER BY r.last_updated, r.id LIMIT ${MAX_INCLUDED}`,
      parameters.values,
    );
  }

  private entry(row: ResourceRow, mode: 'match' | 'include', elements?: string[]): BundleEntry {
    const resource = parseContent<Resource>(row.content);
    return {
      fullUrl: `${this.baseUrl}/${row.resource_type}/${row.id}`,
      resource: elements && mode === 'match' ? selectElements(resource, elements) : resource,
      search: { mode },
    };
  }

  private links(request: SearchRequest, plan: SearchPlan, hasMore: boolean): BundleLink[] {
    const url = (offset: number) =>
      `${this.baseUrl}/${plan.resourceType}${formatSearchQuery({ ...request, offset, count: plan.count })}`;
    const links: BundleLink[] = [
      { relation: 'self', url: url(plan.offset) },
      { relation: 'first', url: url(0) },
    ];
    if (plan.offset > 0 && plan.count > 0) {
      links.push({ relation: 'previous', url: url(Math.max(plan.offset - plan.count, 0)) });
    }
    if (hasMore) links.push({ relation: 'next', url: url(plan.offset + plan.count) });
    return links;
  }
}
