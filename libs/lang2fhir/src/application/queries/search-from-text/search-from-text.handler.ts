import { randomUUID } from 'node:crypto';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Resource } from '@app/fhir';
import { planBundle } from '../../../domain/bundle/plan-bundle.js';
import { linkTargetsForBundle } from '../../../domain/link-targets.js';
import { buildSearchParams, type SearchCoding } from '../../../domain/search/build-search.js';
import { searchedPhrase } from '../../../domain/search/search-phrase.js';
import {
  resourceTypeAtHead,
  resourceTypeNamed,
  resourceTypeOfDomain,
} from '../../../domain/search/search-resource-type.js';
import { requireUsableText } from '../../lang2fhir-errors.js';
import { ConceptByName } from '../../ports/concept-by-name.js';
import { ConceptClasses } from '../../ports/concept-classes.js';
import { ClinicalTextReader } from '../../services/clinical-text-reader.js';
import { SearchFromTextQuery, type SearchFromText } from './search-from-text.query.js';

/** The element holding each type's code and the search parameter that reads it. */
const CODE_OF: Readonly<Record<string, { element: string; param: string }>> = {
  Condition: { element: 'code', param: 'code' },
  Observation: { element: 'code', param: 'code' },
  Procedure: { element: 'code', param: 'code' },
  ServiceRequest: { element: 'code', param: 'code' },
  AllergyIntolerance: { element: 'code', param: 'code' },
  MedicationRequest: { element: 'medicationCodeableConcept', param: 'code' },
  Immunization: { element: 'vaccineCode', param: 'vaccine-code' },
  DiagnosticReport: { element: 'code', param: 'code' },
  Encounter: { element: 'type', param: 'type' },
};
/** The OMOP vocabularies each type's codes come from, for a concept the request names by name. */
const VOCABULARIES_OF: Readonly<Record<string, readonly string[]>> = {
  Condition: ['SNOMED', 'ICD10CM'],
  Procedure: ['SNOMED', 'CPT4', 'HCPCS'],
  ServiceRequest: ['SNOMED', 'LOINC'],
  Encounter: ['SNOMED'],
  AllergyIntolerance: ['SNOMED', 'RxNorm'],
  MedicationRequest: ['RxNorm'],
  Immunization: ['CVX'],
  Observation: ['LOINC'],
  DiagnosticReport: ['LOINC'],
};
/** Where a concept named by a request that names no type is looked for. */
const ANY_VOCABULARY = ['SNOMED', 'RxNorm', 'CVX', 'LOINC'];
/** What a request naming no type and no finding the engine knows is taken to look for. */
const UNPLACED_TYPE = 'Condition';
/** Types the multi-create plan adds around the clinical ones; never what a search is about. */
const CONTEXT_TYPES = new Set(['Patient', 'Encounter']);
/** At most this many OR-ed codes: a class and its members, kept within a URL's usual length. */
const MAX_CODES = 60;

@QueryHandler(SearchFromTextQuery)
export class SearchFromTextHandler implements IQueryHandler<SearchFromTextQuery> {
  constructor(
    private readonly reader: ClinicalTextReader,
    private readonly classes: ConceptClasses,
    private readonly byName: ConceptByName,
  ) {}

  async execute({ accountId, text, patient, count }: SearchFromTextQuery): Promise<SearchFromText> {
    requireUsableText(text);
    const found = await this.clinicalResources(accountId, text);
    const named = resourceTypeNamed(text);
    const engineType = found.find(
      (resource) => !CONTEXT_TYPES.has(resource.resourceType),
    )?.resourceType;
    // The head noun ("show encounters: …") decides; else the domain of a concept named word
    // for word, else the clinical finding ("patients with asthma" searches Conditions), else a
    // type word elsewhere in the request.
    const resourceType =
      resourceTypeAtHead(text) ??
      (await this.typeOfNamedConcept(text)) ??
      engineType ??
      named ??
      UNPLACED_TYPE;
    const codeOf = CODE_OF[resourceType];
    const codes = codeOf
      ? await this.classes.expand(
          await this.searchedCodes(
            text,
            resourceType,
            codingsOf(found, resourceType, codeOf.element),
          ),
          MAX_CODES,
        )
      : [];
    return {
      resource_type: resourceType,
      search_params: buildSearchParams({
        text,
        resourceType,
        codes,
        codeParam: codeOf?.param,
        codeText: searchedPhrase(text),
        patient,
        count,
      }),
    };
  }

  /** The type of the concept the request names word for word, by its vocabulary domain. */
  private async typeOfNamedConcept(text: string): Promise<string | undefined> {
    const phrase = searchedPhrase(text);
    const named = phrase ? await this.byName.find(ANY_VOCABULARY, phrase) : undefined;
    return named?.exact ? resourceTypeOfDomain(named.domainId, named.vocabularyId) : undefined;
  }

  /**
   * The concept searched for: the one the request names word for word when the vocabulary of
   * the type holds it, else what the engine coded, else a concept whose name holds its words.
   */
  private async searchedCodes(
    text: string,
    resourceType: string,
    engineCodes: SearchCoding[],
  ): Promise<SearchCoding[]> {
    const vocabularies = VOCABULARIES_OF[resourceType] ?? [];
    const phrase = searchedPhrase(text);
    const named = phrase ? await this.byName.find(vocabularies, phrase) : undefined;
    if (named?.exact || (named && engineCodes.length === 0))
      return [{ system: named.system, code: named.code }];
    return engineCodes;
  }

  /** What the text engine builds from the request (through the multi-create plan). */
  private async clinicalResources(accountId: string, text: string): Promise<Resource[]> {
    const now = new Date();
    const analysis = this.reader.analyze(text, now);
    const links = await this.reader.link(accountId, linkTargetsForBundle(analysis));
    const plan = planBundle({ analysis, links, now: now.toISOString(), newId: randomUUID });
    return plan.entries.map((entry) => entry.built.resource);
  }
}

function codingsOf(resources: Resource[], resourceType: string, element: string): SearchCoding[] {
  const codings = new Map<string, SearchCoding>();
  // A DiagnosticReport search reads the lab codes the engine puts on Observations.
  const sourceType = resourceType === 'DiagnosticReport' ? 'Observation' : resourceType;
  for (const resource of resources) {
    if (resource.resourceType !== sourceType) continue;
    const concept = (
      resource as unknown as Record<string, { coding?: { system?: string; code?: string }[] }>
    )[element];
    for (const coding of concept?.coding ?? []) {
      if (!coding.code) continue;
      codings.set(`${coding.system ?? ''}|${coding.code}`, {
        system: coding.system,
        code: coding.code,
      });
    }
  }
  return [...codings.values()];
}
