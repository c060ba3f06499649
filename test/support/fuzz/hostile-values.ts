import type { Random } from './random.js';

/** `depth` arrays inside each other, built without recursion. */
export function nestedArrays(depth: number): unknown {
  let value: unknown = [];
  for (let level = 1; level < depth; level += 1) value = [value];
  return value;
}

/** `depth` objects inside each other under `key`. */
export function nestedObjects(depth: number, key = 'a'): unknown {
  let value: unknown = {};
  for (let level = 1; level < depth; level += 1) value = { [key]: value };
  return value;
}

/** JSON.parse keeps `__proto__` as an own key, as a hostile client's JSON would. */
const protoPollution = () => JSON.parse('{"__proto__":{"polluted":true,"admin":true}}') as unknown;
const constructorPollution = () =>
  JSON.parse('{"constructor":{"prototype":{"polluted":true}}}') as unknown;

const STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0000\u202e',
  '\u0001\u0002\u001f\u007f',
  '\ud800',
  'x\udfff',
  '\r\n\t',
  '😀‮',
  "' OR 1=1 --",
  '"; DROP TABLE account; --',
  '../../../../etc/passwd',
  '{{7*7}}',
  '<<Patient.name>>',
  '${process.env}',
  '<script>alert(1)</script>',
  'NaN',
  '-1',
  '1e308',
  'urn:uuid:not-a-uuid',
  'Patient/../../x',
  'http://169.254.169.254/latest/meta-data',
  'file:///etc/passwd',
  '00000000-0000-0000-0000-000000000000',
];

const NUMBERS = [0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 1, 1e20];

/** A value a client should not send where another is expected. */
export function hostileValue(random: Random): unknown {
  switch (random.int(12)) {
    case 0:
      return null;
    case 1:
      return random.pick(NUMBERS);
    case 2:
      return random.chance(0.5);
    case 3:
    case 4:
      return random.pick(STRINGS);
    case 5:
      // huge: well under the 10 MB body limit, far over every field's own limit
      return 'x'.repeat(random.pick([1_001, 20_001, 200_001, 1_000_001]));
    case 6:
      return random.pick([[], [null], [1, 'two', {}], [[[]]]]);
    case 7:
      return random.pick([{}, { a: 1 }, { resourceType: 42 }]);
    case 8:
      return random.pick([nestedArrays(300), nestedObjects(300), nestedArrays(3_000)]);
    case 9:
      return random.chance(0.5) ? protoPollution() : constructorPollution();
    case 10:
      return { [random.pick(['\u0000', 'k\ud800', '$where', '__proto__x'])]: random.pick(STRINGS) };
    default:
      return random.pick(STRINGS) + 'x'.repeat(random.int(50));
  }
}
