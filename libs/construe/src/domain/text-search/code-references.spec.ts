import { describe, expect, it } from 'vitest';
import { withReferencedTitles } from './code-references.js';

const TITLES: Record<string, string> = {
  E66: 'Overweight and obesity',
  E661: 'Drug-induced obesity',
  J45: 'Asthma',
  J47: 'Bronchiectasis',
};
const titleOfKey = (key: string) => TITLES[key];

describe('withReferencedTitles', () => {
  it("replaces a code the system holds by its title, with or without the dot or a trailing '-'", () => {
    expect(withReferencedTitles('Family history of conditions in E66', titleOfKey)).toBe(
      'Family history of conditions in Overweight and obesity',
    );
    expect(withReferencedTitles('Complicating pregnancy: E66.1-', titleOfKey)).toBe(
      'Complicating pregnancy: Drug-induced obesity',
    );
  });

  it('replaces a range by the titles of its ends', () => {
    expect(withReferencedTitles('Conditions classifiable to J45-J47', titleOfKey)).toBe(
      'Conditions classifiable to Asthma, Bronchiectasis',
    );
  });

  it('leaves codes the system does not hold, and wordings without codes, as typed', () => {
    expect(withReferencedTitles('Conditions in K50', titleOfKey)).toBeNull();
    expect(withReferencedTitles('Vitamin B12 deficiency, type 2', titleOfKey)).toBeNull();
  });
});
