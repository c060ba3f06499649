import type { FhirResource } from '../../fhir/fhir-resource.js';
import { walkTypedElements, type TypedElement, type Visit } from '../../fhir/typed-elements.js';
import type { Placeholder } from '../placeholder.js';
import { DATE_SPELLINGS, DATETIME_SPELLINGS } from './spellings.js';

export type CandidatePart = { placeholder: Placeholder } | { literal: string };

/** A way the example data could have been written into the text, best ones with the lowest rank. */
export interface Candidate {
  parts: CandidatePart[];
  rank: number;
  /** Only an age: matched only where the text says it is one. */
  isAge: boolean;
}

const QUANTITY_TYPES = new Set([
  'Quantity',
  'SimpleQuantity',
  'Age',
  'Duration',
  'Distance',
  'Count',
  'MoneyQuantity',
]);
const DATE_TYPES = new Set(['date', 'dateTime', 'instant']);
/** Elements whose content is never a name, date, code display or quantity the text would quote. */
const SKIPPED_TYPES = new Set([
  'Narrative',
  'Meta',
  'Identifier',
  'Extension',
  'Attachment',
  'Signature',
]);

const RANK = {
  name: 0,
  quantity: 0,
  date: 1,
  concept: 1,
  coding: 2,
  label: 2,
  reference: 5,
} as const;

class CandidateCollector {
  readonly candidates: Candidate[] = [];

  constructor(
    private readonly resourceType: string,
    private readonly index: number,
  ) {}

  placeholder(path: string, ...filters: [string, string | null][]): CandidatePart {
    return {
      placeholder: {
        resourceType: this.resourceType,
        index: this.index,
        path,
        filters: filters.map(([name, argument]) => ({ name, argument })),
      },
    };
  }

  add(rank: number, ...parts: CandidatePart[]): void {
    this.candidates.push({ parts, rank, isAge: false });
  }

  humanName(element: TypedElement): Visit {
    const name = element.value as { given?: unknown; prefix?: unknown; suffix?: unknown };
    const count = (value: unknown): number => (Array.isArray(value) ? value.length : 0);
    const path = element.path;
    if (count(name.given) > 0)
      this.add(RANK.name, this.placeholder(`${path}.given`, ['join', null]));
    if (count(name.given) > 1) {
      for (let given = 0; given < count(name.given); given += 1) {
        this.add(RANK.name, this.placeholder(`${path}.given[${given}]`));
      }
    }
    this.add(RANK.name, this.placeholder(`${path}.family`));
    this.add(RANK.name, this.placeholder(`${path}.text`));
    if (count(name.prefix) > 0)
      this.add(RANK.name, this.placeholder(`${path}.prefix`, ['join', null]));
    if (count(name.suffix) > 0)
      this.add(RANK.name, this.placeholder(`${path}.suffix`, ['join', null]));
    return 'skip';
  }

  quantity(element: TypedElement): Visit {
    const quantity = element.value as { value?: unknown; unit?: unknown; code?: unknown };
    if (typeof quantity.value !== 'number') return 'skip';
    const value = this.placeholder(`${element.path}.value`);
    const unitElement =
      typeof quantity.unit === 'string'
        ? 'unit'
        : typeof quantity.code === 'string'
          ? 'code'
          : null;
    if (unitElement !== null) {
      const unit = this.placeholder(`${element.path}.${unitElement}`);
      this.add(RANK.quantity, value, { literal: ' ' }, unit);
      this.add(RANK.quantity, value, unit);
    }
    return 'skip';
  }

  date(element: TypedElement): Visit {
    if (typeof element.value !== 'string') return 'skip';
    this.add(RANK.date, this.placeholder(element.path));
    for (const spelling of DATE_SPELLINGS) {
      this.add(RANK.date + 0.1, this.placeholder(element.path, ['date', spelling]));
    }
    if (element.value.includes('T')) {
      for (const spelling of DATETIME_SPELLINGS) {
        this.add(RANK.date + 0.1, this.placeholder(element.path, ['datetime', spelling]));
      }
    }
    if (this.resourceType === 'Patient' && element.name === 'birthDate') {
      this.candidates.push({
        parts: [this.placeholder(element.path, ['age', null])],
        rank: RANK.date,
        isAge: true,
      });
    }
    return 'skip';
  }

  visit(element: TypedElement, parentType: string | null): Visit {
    if (SKIPPED_TYPES.has(element.type)) return 'skip';
    if (element.type === 'HumanName') return this.humanName(element);
    if (QUANTITY_TYPES.has(element.type)) return this.quantity(element);
    if (DATE_TYPES.has(element.type)) return this.date(element);
    if (typeof element.value !== 'string') return 'descend';
    if (parentType === 'CodeableConcept' && element.name === 'text')
      this.add(RANK.concept, this.placeholder(element.path));
    else if (parentType === 'Coding' && element.name === 'display')
      this.add(RANK.coding, this.placeholder(element.path));
    else if (parentType === 'Reference' && element.name === 'display')
      this.add(RANK.reference, this.placeholder(element.path));
    else if (parentType === null && (element.name === 'name' || element.name === 'gender')) {
      this.add(RANK.label, this.placeholder(element.path));
    }
    return 'skip';
  }
}

/**
 * The placeholders that could stand for parts of the example text: names, dates (in the
 * usual spellings), code displays, quantities with their units and the patient's age.
 */
export function candidatesOf(resource: FhirResource, index: number): Candidate[] {
  const collector = new CandidateCollector(resource.resourceType, index);
  const typeAt = new Map<string, string>();
  walkTypedElements(resource, (element) => {
    typeAt.set(element.path, element.type);
    const parentPath = element.path.slice(0, Math.max(0, element.path.lastIndexOf('.')));
    const parentType = parentPath === '' ? null : (typeAt.get(parentPath) ?? null);
    return collector.visit(element, parentType);
  });
  return collector.candidates;
}
