import { reflow } from './reflow.js';

/** How the text of a document was obtained. */
export type TextMethod = 'pdf-text' | 'ocr' | 'pdf-ocr';

/** One page's place in the joined text: characters [start, end). */
export interface PageSpan {
  page: number;
  start: number;
  end: number;
}

/** Where each page lies in the document's text: pages reflowed, joined by a blank line. */
export interface DocumentText {
  text: string;
  pages: PageSpan[];
  method: TextMethod;
}

export const PAGE_SEPARATOR = '\n\n';

export function joinPages(pageTexts: readonly string[], method: TextMethod): DocumentText {
  const pages: PageSpan[] = [];
  let text = '';
  pageTexts.forEach((pageText, index) => {
    if (index > 0) text += PAGE_SEPARATOR;
    const start = text.length;
    text += reflow(pageText.trim());
    pages.push({ page: index + 1, start, end: text.length });
  });
  return { text, pages, method };
}

/** The 1-based pages that characters [start, end) of the joined text fall on. */
export function pagesOf(pages: readonly PageSpan[], start: number, end: number): number[] {
  return pages
    .filter((page) => start < Math.max(page.end, page.start + 1) && end > page.start)
    .map((page) => page.page);
}
