/**
 * Plain text for FHIR values. With the FHIR type known (from the R4 model) the right
 * rendering is chosen; without it the value's shape decides.
 */
type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

export function formatNumber(value: number): string {
  return Number.isInteger(value) ? String(value) : String(Number(value.toPrecision(12)));
}

export function formatHumanName(name: unknown): string | undefined {
  if (!isObject(name)) return undefined;
  const explicit = text(name.text);
  if (explicit) return explicit;
  const parts = [
    ...strings(name.prefix),
    ...strings(name.given),
    text(name.family),
    ...strings(name.suffix),
  ].filter((part): part is string => part !== undefined && part !== '');
  return parts.length > 0 ? parts.join(' ') : undefined;
}

/** The name to show for a list of HumanNames: official, then usual, then the first. */
export function preferredName(names: unknown): string | undefined {
  if (!Array.isArray(names)) return formatHumanName(names);
  const ranked = (names as unknown[]).slice().sort((left, right) => rank(left) - rank(right));
  for (const name of ranked) {
    const formatted = formatHumanName(name);
    if (formatted) return formatted;
  }
  return undefined;
}

function rank(name: unknown): number {
  const use = isObject(name) ? name.use : undefined;
  return use === 'official' ? 0 : use === 'usual' ? 1 : use === 'old' || use === 'maiden' ? 3 : 2;
}

export function formatCoding(coding: unknown): string | undefined {
  if (!isObject(coding)) return undefined;
  return text(coding.display) ?? text(coding.code);
}

export function formatCodeableConcept(concept: unknown): string | undefined {
  if (!isObject(concept)) return undefined;
  const explicit = text(concept.text);
  if (explicit) return explicit;
  const codings = Array.isArray(concept.coding) ? concept.coding : [];
  for (const coding of codings) {
    const display = text(isObject(coding) ? coding.display : undefined);
    if (display) return display;
  }
  return codings.map(formatCoding).find((code) => code !== undefined);
}

export function formatQuantity(quantity: unknown): string | undefined {
  if (!isObject(quantity) || typeof quantity.value !== 'number') return undefined;
  const comparator = text(quantity.comparator) ?? '';
  const unit = text(quantity.unit) ?? text(quantity.code);
  const value = `${comparator}${formatNumber(quantity.value)}`;
  return unit ? `${value} ${unit}` : value;
}

function formatRange(range: Json): string | undefined {
  const low = formatQuantity(range.low);
  const high = formatQuantity(range.high);
  if (low && high) return `${low} to ${high}`;
  if (low) return `at least ${low}`;
  return high ? `at most ${high}` : undefined;
}

function formatPeriod(period: Json): string | undefined {
  const start = text(period.start);
  const end = text(period.end);
  if (start && end) return start === end ? start : `${start} to ${end}`;
  if (start) return `from ${start}`;
  return end ? `until ${end}` : undefined;
}

function formatAddress(address: Json): string | undefined {
  const explicit = text(address.text);
  if (explicit) return explicit;
  const cityLine = [text(address.city), text(address.state), text(address.postalCode)]
    .filter(Boolean)
    .join(' ');
  const parts = [...strings(address.line), cityLine, text(address.country)].filter(
    (part): part is string => part !== undefined && part !== '',
  );
  return parts.length > 0 ? parts.join(', ') : undefined;
}

function formatRatio(ratio: Json): string | undefined {
  const numerator = formatQuantity(ratio.numerator);
  const denominator = formatQuantity(ratio.denominator);
  return numerator && denominator ? `${numerator} / ${denominator}` : numerator;
}

const BY_TYPE: Record<string, (value: Json) => string | undefined> = {
  HumanName: formatHumanName,
  CodeableConcept: formatCodeableConcept,
  Coding: formatCoding,
  Quantity: formatQuantity,
  SimpleQuantity: formatQuantity,
  Age: formatQuantity,
  Duration: formatQuantity,
  Distance: formatQuantity,
  Count: formatQuantity,
  Money: (money) =>
    typeof money.value === 'number'
      ? `${formatNumber(money.value)}${text(money.currency) ? ` ${text(money.currency)}` : ''}`
      : undefined,
  Range: formatRange,
  Ratio: formatRatio,
  Period: formatPeriod,
  Address: formatAddress,
  ContactPoint: (point) => text(point.value),
  Identifier: (identifier) => text(identifier.value),
  Reference: (reference) => text(reference.display) ?? text(reference.reference),
  Annotation: (note) => text(note.text),
  Attachment: (attachment) =>
    text(attachment.title) ?? text(attachment.url) ?? text(attachment.contentType),
  Dosage: (dosage) => text(dosage.text),
  Narrative: () => undefined,
};

/** Guesses the datatype of an untyped object from the elements it has. */
function shapeOf(value: Json): string | undefined {
  if ('coding' in value) return 'CodeableConcept';
  if ('family' in value || 'given' in value) return 'HumanName';
  if (
    typeof value.value === 'number' &&
    ('unit' in value || 'code' in value || 'system' in value)
  ) {
    return 'Quantity';
  }
  if ('reference' in value) return 'Reference';
  if ('code' in value && ('system' in value || 'display' in value)) return 'Coding';
  if ('start' in value || 'end' in value) return 'Period';
  if ('low' in value || 'high' in value) return 'Range';
  if ('city' in value || 'line' in value) return 'Address';
  if ('resourceType' in value) return undefined;
  return undefined;
}

/** Text for one FHIR value; undefined when it has nothing readable (an empty object, a narrative). */
export function formatFhirValue(value: unknown, fhirType?: string): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'number') return formatNumber(value);
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (Array.isArray(value)) {
    const parts = value.map((item) => formatFhirValue(item, fhirType)).filter(Boolean);
    return parts.length > 0 ? parts.join(', ') : undefined;
  }
  if (!isObject(value)) return typeof value === 'bigint' ? value.toString() : undefined;
  const type = (fhirType && BY_TYPE[fhirType] ? fhirType : undefined) ?? shapeOf(value);
  const formatter = type ? BY_TYPE[type] : undefined;
  if (formatter) return formatter(value);
  return text(value.text) ?? text(value.display) ?? text(value.name) ?? text(value.value);
}
