import type { CodingRef, Quantity } from '../clinical-analysis.js';
import { readQuantityAt, readUnitAt } from '../quantity/find-quantities.js';
import { parseNumber } from '../quantity/numbers.js';
import { DIASTOLIC_CODE, SYSTOLIC_CODE } from './vital-sign-codes.js';

export interface VitalReading {
  value?: Quantity;
  components?: { code: CodingRef; value: Quantity }[];
  end: number;
}

const MMHG = /\s*(mm\s*\[?hg\]?)(?![A-Za-z])/iy;

/** "120/80", "120 / 80 mmHg", "120 over 80". */
export function readBloodPressure(text: string, at: number): VitalReading | undefined {
  const pattern = /(\d{2,3})\s*(?:\/|\bover\b)\s*(\d{2,3})(?![\d/])/iy;
  pattern.lastIndex = at;
  const match = pattern.exec(text);
  if (!match) return undefined;
  const systolic = Number(match[1]);
  const diastolic = Number(match[2]);
  if (systolic < 40 || systolic > 300 || diastolic < 20 || diastolic > 200) return undefined;
  let end = at + match[0].length;
  MMHG.lastIndex = end;
  const unit = MMHG.exec(text);
  const unitText = unit ? unit[1] : undefined;
  if (unit) end += unit[0].length;
  const component = (code: CodingRef, value: number) => ({
    code,
    value: { value, unit: 'mm[Hg]', ...(unitText ? { unitText } : {}) },
  });
  return {
    end,
    components: [component(SYSTOLIC_CODE, systolic), component(DIASTOLIC_CODE, diastolic)],
  };
}

/** A plain number with an optional unit, accepted when the unit is one of `units`. */
export function readValue(
  text: string,
  at: number,
  units: readonly string[],
  bounds: [number, number],
): VitalReading | undefined {
  const mention = readQuantityAt(text, at);
  const value = mention?.value;
  if (!mention || !value) return undefined;
  if (value.value < bounds[0] || value.value > bounds[1]) return undefined;
  if (value.unitText && (!value.unit || !units.includes(value.unit))) {
    // A unit that does not belong to this vital sign ("HR 2 mg"): not a reading.
    return undefined;
  }
  return { value, end: mention.span.end };
}

const TEMPERATURE_UNIT =
  /\s*(?:°|º|˚|deg(?:rees?)?\.?)?\s*(fahrenheit|celsius|centigrade|[FC])(?![A-Za-z])/iy;

/** "98.6", "98.6 F", "37 °C", "101.2 degrees"; the scale is inferred when not written. */
export function readTemperature(text: string, at: number): VitalReading | undefined {
  const number = /(\d{2,3}(?:\.\d+)?)/y;
  number.lastIndex = at;
  const match = number.exec(text);
  if (!match) return undefined;
  const value = Number(match[1]);
  let end = at + match[0].length;
  TEMPERATURE_UNIT.lastIndex = end;
  const unit = TEMPERATURE_UNIT.exec(text);
  let code: string;
  let unitText: string | undefined;
  if (unit) {
    unitText = unit[0].trim();
    code = /^[fF]/.test(unit[1]) ? '[degF]' : 'Cel';
    end += unit[0].length;
  } else {
    const degrees = /\s*(?:°|º|˚|degrees?)/iy;
    degrees.lastIndex = end;
    const mark = degrees.exec(text);
    if (mark) {
      unitText = mark[0].trim();
      end += mark[0].length;
    }
    // Human body temperatures in the two scales do not overlap.
    code = value >= 80 ? '[degF]' : 'Cel';
  }
  const plausible = code === '[degF]' ? value >= 80 && value <= 115 : value >= 25 && value <= 46;
  if (!plausible) return undefined;
  return { value: { value, unit: code, ...(unitText ? { unitText } : {}) }, end };
}

const FEET_INCHES =
  /(\d)\s*(?:'|’|ft\.?|feet|foot)\s*(?:(\d{1,2}(?:\.\d+)?)\s*(?:"|”|''|’’|in\.?|inch(?:es)?)?)?(?![\d])/iy;

/** "5'10\"", "5 ft 10 in", "178 cm", "1.78 m", "70 inches". */
export function readHeight(text: string, at: number): VitalReading | undefined {
  FEET_INCHES.lastIndex = at;
  const imperial = FEET_INCHES.exec(text);
  if (imperial) {
    const inches = Number(imperial[1]) * 12 + (imperial[2] ? Number(imperial[2]) : 0);
    return {
      value: { value: inches, unit: '[in_i]', unitText: imperial[0].trim() },
      end: at + imperial[0].trimEnd().length,
    };
  }
  const number = /(\d+(?:\.\d+)?)/y;
  number.lastIndex = at;
  const match = number.exec(text);
  if (!match) return undefined;
  const value = parseNumber(match[1]);
  if (value === undefined) return undefined;
  const afterNumber = at + match[0].length;
  const inches = /\s*(in\.?|inch(?:es)?|"|”)(?![A-Za-z])/iy;
  inches.lastIndex = afterNumber;
  const inchMatch = inches.exec(text);
  if (inchMatch) {
    return {
      value: { value, unit: '[in_i]', unitText: inchMatch[1] },
      end: afterNumber + inchMatch[0].length,
    };
  }
  const unit = readUnitAt(text, afterNumber);
  if (unit?.code === 'cm' || unit?.code === 'm' || unit?.code === 'mm') {
    return { value: { value, unit: unit.code, unitText: unit.text }, end: unit.end };
  }
  if (unit) return undefined;
  return { value: { value }, end: afterNumber };
}
