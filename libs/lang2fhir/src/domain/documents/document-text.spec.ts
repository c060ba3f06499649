import { describe, expect, it } from 'vitest';
import { joinPages, pagesOf } from './document-text.js';

describe('joinPages and pagesOf', () => {
  const document = joinPages(['  Asthma.  ', 'Gout.\nMigraine and\nasthma.'], 'pdf-text');

  it('joins trimmed, reflowed pages with a blank line and records where each lies', () => {
    expect(document.text).toBe('Asthma.\n\nGout.\nMigraine and asthma.');
    expect(document.pages).toEqual([
      { page: 1, start: 0, end: 7 },
      { page: 2, start: 9, end: 35 },
    ]);
    expect(document.text.slice(document.pages[1].start, document.pages[1].end)).toBe(
      'Gout.\nMigraine and asthma.',
    );
  });

  it('gives the pages a span falls on, one or several', () => {
    const gout = document.text.indexOf('Gout');
    expect(pagesOf(document.pages, gout, gout + 4)).toEqual([2]);
    expect(pagesOf(document.pages, 0, 6)).toEqual([1]);
    expect(pagesOf(document.pages, 2, gout + 2)).toEqual([1, 2]);
  });
});
