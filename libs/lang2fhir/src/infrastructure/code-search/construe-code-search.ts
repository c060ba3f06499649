import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { CodeSearchPort } from '@app/clinical-nlp';
import { SearchTextQuery } from '@app/construe';
import { AppError, RequestContext } from '@app/shared';
import { CodeSearch } from '../../application/ports/code-search.js';

type Target = Parameters<CodeSearchPort['search']>[0];

/** The construe builtin system of each target vocabulary. */
const SYSTEM_NAMES: Record<Target, string> = {
  SNOMED: 'SNOMED_CT_US_LITE',
  ICD10CM: 'ICD-10-CM',
  RXNORM: 'RXNORM',
  LOINC: 'LOINC',
  CPT: 'CPT',
};

/**
 * Code search through construe's text search (code prefix, trigram words, full-text rank)
 * over the builtin systems. Answers are memoised per account port, since one text asks
 * for the same phrase more than once.
 */
@Injectable()
export class ConstrueCodeSearch extends CodeSearch {
  constructor(private readonly queries: QueryBus) {
    super();
  }

  forAccount(accountId: string): CodeSearchPort {
    const memo = new Map<string, Promise<{ code: string; display: string; score: number }[]>>();
    return {
      search: (target, phrase, limit) => {
        const key = `${target}|${limit}|${phrase.toLowerCase()}`;
        let found = memo.get(key);
        if (!found) {
          found = this.search(accountId, target, phrase, limit);
          memo.set(key, found);
        }
        return found;
      },
    };
  }

  private async search(
    accountId: string,
    target: Target,
    phrase: string,
    limit: number,
  ): Promise<{ code: string; display: string; score: number }[]> {
    const name = SYSTEM_NAMES[target];
    if (!name || phrase.trim() === '') return [];
    try {
      const { results } = await this.asAccount(accountId, () =>
        this.queries.execute(new SearchTextQuery(name, phrase, Math.max(1, Math.min(limit, 100)))),
      );
      return results.map((result) => ({
        code: result.code,
        display: result.description,
        score: result.score,
      }));
    } catch (error) {
      // A system that is not loaded (or not visible) has no codes to offer.
      if (error instanceof AppError && (error.status === 404 || error.status === 400)) return [];
      throw error;
    }
  }

  /** Construe scopes custom systems by the request's tenant; jobs and buses may call without one. */
  private asAccount<T>(accountId: string, work: () => Promise<T>): Promise<T> {
    const tenant = RequestContext.tenant();
    if (tenant?.accountId === accountId) return work();
    return RequestContext.run(RequestContext.requestId() ?? randomUUID(), () => {
      RequestContext.setTenant({ accountId, clientId: 'lang2fhir', plan: tenant?.plan ?? 'free' });
      return work();
    });
  }
}
