import { Injectable } from '@nestjs/common';
import { VocabularyLookup } from '@app/vocabulary';

type Json = Record<string, unknown>;

/**
 * Resolves the `is-a` / `descendent-of` filters of value sets with the loaded vocabulary's
 * hierarchy (CONCEPT_ANCESTOR), for the codes a resource holds: each filtered include becomes
 * the list of the resource's codes that are in it. Systems the vocabulary does not hold keep
 * their filters (then taken unchecked).
 */
@Injectable()
export class ValueSetFilters {
  constructor(private readonly vocabulary: VocabularyLookup) {}

  async resolve(valueSets: Record<string, Json>, resource: unknown): Promise<Record<string, Json>> {
    const codings = codingsIn(resource);
    const resolved: Record<string, Json> = {};
    for (const [url, valueSet] of Object.entries(valueSets)) {
      const compose = valueSet.compose as { include?: Json[] } | undefined;
      if (!compose?.include?.some((part) => Array.isArray(part.filter))) {
        resolved[url] = valueSet;
        continue;
      }
      const include: Json[] = [];
      for (const part of compose.include) include.push(await this.resolveInclude(part, codings));
      resolved[url] = { ...valueSet, compose: { ...compose, include } };
    }
    return resolved;
  }

  private async resolveInclude(
    part: Json,
    codings: { system: string; code: string }[],
  ): Promise<Json> {
    const system = typeof part.system === 'string' ? part.system : undefined;
    const filters = Array.isArray(part.filter) ? (part.filter as Json[]) : [];
    const vocabularyId = system ? this.vocabulary.vocabularyIdForSystem(system) : undefined;
    const hierarchical = filters.every(
      (filter) =>
        filter.property === 'concept' && (filter.op === 'is-a' || filter.op === 'descendent-of'),
    );
    if (!system || !vocabularyId || filters.length === 0 || !hierarchical) return part;
    const members: { code: string }[] = [];
    for (const coding of codings.filter((item) => item.system === system)) {
      let inAll = true;
      for (const filter of filters) {
        inAll &&= await this.below(
          vocabularyId,
          coding.code,
          String(filter.value),
          filter.op === 'is-a',
        );
      }
      if (inAll) members.push({ code: coding.code });
    }
    const { filter: _filter, ...rest } = part;
    const listed = Array.isArray(part.concept) ? (part.concept as unknown[]) : [];
    return { ...rest, concept: [...listed, ...members] };
  }

  private async below(vocabularyId: string, code: string, ancestor: string, orSelf: boolean) {
    const targets = new Set(
      (await this.vocabulary.conceptsByCode(vocabularyId, ancestor)).map((c) => c.conceptId),
    );
    for (const concept of await this.vocabulary.conceptsByCode(vocabularyId, code)) {
      if (orSelf && targets.has(concept.conceptId)) return true;
      const ancestors = await this.vocabulary.ancestors(concept.conceptId);
      if (ancestors.some((link) => link.minLevels > 0 && targets.has(link.ancestorConceptId)))
        return true;
    }
    return false;
  }
}

/** Every coding (an object with `system` and `code`) anywhere in the resource. */
function codingsIn(value: unknown, found: { system: string; code: string }[] = []) {
  if (Array.isArray(value)) for (const item of value) codingsIn(item, found);
  else if (typeof value === 'object' && value !== null) {
    const object = value as Json;
    if (typeof object.system === 'string' && typeof object.code === 'string') {
      found.push({ system: object.system, code: object.code });
    }
    for (const child of Object.values(object)) codingsIn(child, found);
  }
  return found;
}
