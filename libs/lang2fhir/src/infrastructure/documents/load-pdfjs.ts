export type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');

let loading: Promise<PdfJs> | undefined;

/**
 * pdf.js's legacy build (the one for Node) bundles core-js, which on import replaces
 * `JSON.stringify`, `JSON.parse` and `Array.prototype.push` for the whole process with
 * slower versions (its `JSON.stringify` recurses and overflows the stack on data the native
 * one handles). So pdf.js is loaded on first use, not at start-up, and those three built-ins
 * are put back right after; pdf.js needs none of the replacements.
 */
export function loadPdfJs(): Promise<PdfJs> {
  loading ??= (async () => {
    const { stringify, parse } = JSON;
    const push = Array.prototype.push;
    try {
      return await import('pdfjs-dist/legacy/build/pdf.mjs');
    } finally {
      JSON.stringify = stringify;
      JSON.parse = parse;
      Array.prototype.push = push;
    }
  })();
  return loading;
}
