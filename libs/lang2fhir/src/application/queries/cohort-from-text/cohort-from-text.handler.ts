import { QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { demographics, splitCohort } from '../../../domain/cohort/cohort-criteria.js';
import { requireUsableText } from '../../lang2fhir-errors.js';
import { SearchFromTextQuery } from '../search-from-text/search-from-text.query.js';
import { CohortFromTextQuery, type CohortQueryItem } from './cohort-from-text.query.js';

@QueryHandler(CohortFromTextQuery)
export class CohortFromTextHandler implements IQueryHandler<CohortFromTextQuery> {
  constructor(private readonly queries: QueryBus) {}

  async execute({ accountId, text }: CohortFromTextQuery): Promise<CohortQueryItem[]> {
    requireUsableText(text);
    const { person, criteria } = splitCohort(text);
    const items: CohortQueryItem[] = [];
    const people = demographics(person, new Date());
    if (people) {
      items.push({
        resource_type: 'Patient',
        search_params: people.params,
        concept: people.concept,
        exclude: false,
      });
    }
    for (const criterion of criteria) {
      const search = await this.queries.execute(
        new SearchFromTextQuery(accountId, criterion.concept),
      );
      // A concept the engine could not place is searched as a condition by its words.
      const unplaced =
        search.resource_type === 'Condition' && !/(^|&)code(:text)?=/.test(search.search_params);
      items.push({
        resource_type: unplaced ? 'Condition' : search.resource_type,
        search_params: unplaced
          ? [`code:text=${encodeURIComponent(criterion.concept)}`, search.search_params]
              .filter(Boolean)
              .join('&')
          : search.search_params,
        concept: criterion.concept,
        exclude: criterion.exclude,
      });
    }
    return items;
  }
}
