/**
 * What the shape of ICD-10-style codes says about each code, read from the codes alone:
 * whether it heads codes below it (E11 above E11.9), and whether it is one of a family of
 * codes that differ only by a seventh character (S06.0X1A / D / S: initial encounter,
 * subsequent encounter, sequela; O60.14X0–X9: which fetus). A family's members share their
 * title up to the seventh character's words, so a query matches them all alike and they
 * would fill a result page with one answer. Codes of other shapes (SNOMED, LOINC, uploads)
 * get no structure.
 */
export interface CodeStructure {
  /** Whether another code of the system starts with this code's key. */
  heading: Uint8Array;
  /** Family id of each code (the member's first six key characters), -1 outside a family. */
  family: Int32Array;
  /** Whether the code is its family's usual first choice (seventh character A, else 0). */
  preferred: Uint8Array;
  /** The nearest code above each code (E11 for E11.9, E11.6 for E11.65), -1 for none. */
  parent: Int32Array;
}

const ICD_SHAPE = /^[A-Z][0-9][0-9A-Z]{1,5}$/;
/** Seventh characters that stand for a family, in order of preference. */
const PREFERRED_SEVENTH = ['A', '0'];

/** The category of an ICD-10-style key (its first three characters); none for other shapes. */
export function codeCategory(key: string): string | undefined {
  return ICD_SHAPE.test(key) ? key.slice(0, 3) : undefined;
}

/** `keys`: each code without dots or spaces, upper case (see `codeKey`). */
export function codeStructure(keys: readonly string[]): CodeStructure {
  const heading = new Uint8Array(keys.length);
  const family = new Int32Array(keys.length).fill(-1);
  const preferred = new Uint8Array(keys.length);
  const parent = new Int32Array(keys.length).fill(-1);
  const position = new Map<string, number>();
  keys.forEach((key, index) => {
    if (ICD_SHAPE.test(key)) position.set(key, index);
  });
  const stems = new Map<string, number[]>();
  for (const [key, index] of position) {
    for (let length = key.length - 1; length >= 3; length--) {
      const above = position.get(key.slice(0, length));
      if (above !== undefined) {
        heading[above] = 1;
        parent[index] = above;
        break;
      }
    }
    if (key.length === 7) {
      const members = stems.get(key.slice(0, 6));
      if (members) members.push(index);
      else stems.set(key.slice(0, 6), [index]);
    }
  }
  let next = 0;
  for (const members of stems.values()) {
    if (members.length < 2) continue;
    const id = next++;
    for (const index of members) family[index] = id;
    const choice = PREFERRED_SEVENTH.map((seventh) =>
      members.find((index) => keys[index].endsWith(seventh)),
    ).find((index) => index !== undefined);
    if (choice !== undefined) preferred[choice] = 1;
  }
  return { heading, family, preferred, parent };
}
