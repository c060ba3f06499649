import { child, children, decimal, flag, text, type JsonObject } from '../fhir/json.js';
import type { EventValue } from '../mapping/event-rows.js';
import type { MappingRun } from '../mapping/mapping-run.js';
import type { UnitResolution } from '../units/unit-resolver.js';
import { OPERATOR } from '../vocabulary/hl7-concept-maps.js';
import {
  resolveCodeableConcept,
  type ConceptChoice,
} from '../vocabulary/resolve-codeable-concept.js';

/** SNOMED Yes/No (Meas Value): how OMOP writes a boolean answer. */
const YES = 4188539;
const NO = 4188540;
export const VALUE_DOMAINS = ['Meas Value', 'Observation', 'Condition'];

export interface ObservationValue {
  present: boolean;
  value: EventValue;
  valueConcept?: ConceptChoice;
  unit?: UnitResolution;
}

async function quantity(run: MappingRun, value: JsonObject): Promise<ObservationValue> {
  const number = decimal(value.value);
  const comparator = text(value.comparator);
  const unit = await run.deps.units.resolve(value);
  return {
    present: true,
    unit: unit.coding.code === undefined ? undefined : unit,
    value: {
      number,
      operatorConceptId: comparator === undefined ? undefined : OPERATOR[comparator],
      unitConceptId: unit.concept?.conceptId ?? 0,
      unitSourceValue: unit.sourceValue,
      sourceValue: number === undefined ? undefined : `${comparator ?? ''}${number}`,
    },
  };
}

function textValue(value: string): ObservationValue {
  return { present: true, value: { string: value, sourceValue: value } };
}

/** The value[x] of an Observation or component, in every R4 type, as OMOP value fields. */
export async function readObservationValue(
  run: MappingRun,
  holder: JsonObject,
): Promise<ObservationValue> {
  const valueQuantity = child(holder.valueQuantity);
  if (valueQuantity) return quantity(run, valueQuantity);
  if (child(holder.valueCodeableConcept)) {
    const choice = await resolveCodeableConcept(
      holder.valueCodeableConcept,
      run.deps.codes,
      run.deps.concepts,
      VALUE_DOMAINS,
    );
    return {
      present: true,
      valueConcept: choice,
      value: {
        conceptId: choice.standard?.conceptId ?? 0,
        sourceValue: choice.sourceValue,
        string: choice.text,
      },
    };
  }
  const integer = decimal(holder.valueInteger);
  if (integer !== undefined)
    return { present: true, value: { number: integer, sourceValue: String(integer) } };
  const bool = flag(holder.valueBoolean);
  if (bool !== undefined)
    return { present: true, value: { conceptId: bool ? YES : NO, sourceValue: String(bool) } };
  const string = text(holder.valueString) ?? text(holder.valueDateTime) ?? text(holder.valueTime);
  if (string !== undefined) return textValue(string);
  const range = child(holder.valueRange);
  if (range) {
    const low = decimal(child(range.low)?.value);
    const high = decimal(child(range.high)?.value);
    const unit = child(range.low) ?? child(range.high);
    const read = unit ? await quantity(run, { ...unit, value: undefined }) : undefined;
    const shown = `${low ?? ''}-${high ?? ''}`;
    return {
      present: true,
      unit: read?.unit,
      value: { ...read?.value, string: shown, sourceValue: shown },
    };
  }
  const ratio = child(holder.valueRatio);
  if (ratio) {
    const numerator = child(ratio.numerator);
    const top = decimal(numerator?.value);
    const bottom = decimal(child(ratio.denominator)?.value);
    const read = numerator ? await quantity(run, numerator) : undefined;
    return {
      present: true,
      unit: read?.unit,
      value: {
        ...read?.value,
        number: top !== undefined && bottom ? top / bottom : undefined,
        sourceValue: `${top ?? ''}:${bottom ?? ''}`,
      },
    };
  }
  const period = child(holder.valuePeriod);
  if (period) return textValue(`${text(period.start) ?? ''}/${text(period.end) ?? ''}`);
  return { present: false, value: {} };
}

/** Low and high of the first reference range (measurement.range_low/high). */
export function referenceRange(holder: JsonObject): { rangeLow?: number; rangeHigh?: number } {
  const range = children(holder.referenceRange)[0];
  return {
    rangeLow: decimal(child(range?.low)?.value),
    rangeHigh: decimal(child(range?.high)?.value),
  };
}
