// Renders a note's text to the two documents the bench sends: a PDF with a text layer (pdf-lib)
// and a PNG of the typed page (a canvas), at about 200 dpi. Lines longer than a page is wide
// are wrapped at a space, as a word processor would.
import { Buffer } from 'node:buffer';
import { createCanvas } from '@napi-rs/canvas';
import { PDFDocument, StandardFonts } from 'pdf-lib';

const WRAP = 90;
const LINES_PER_PDF_PAGE = 60;

/** pdf-lib's standard fonts write WinAnsi only: other characters become '?', in every path. */
export function printable(text) {
  return text.replace(/[^\n\x20-\x7e\u00a0-\u00ff]/g, '?');
}

export function wrapLines(text) {
  const out = [];
  for (const line of printable(text).split('\n')) {
    let rest = line;
    while (rest.length > WRAP) {
      const cut = rest.lastIndexOf(' ', WRAP) > 0 ? rest.lastIndexOf(' ', WRAP) : WRAP;
      out.push(rest.slice(0, cut));
      rest = rest.slice(cut).trimStart();
    }
    out.push(rest);
  }
  return out;
}

export async function toPdf(text) {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const lines = wrapLines(text);
  for (let start = 0; start < lines.length; start += LINES_PER_PDF_PAGE) {
    const page = pdf.addPage([612, 792]);
    lines.slice(start, start + LINES_PER_PDF_PAGE).forEach((line, index) => {
      if (line.trim()) page.drawText(line, { x: 40, y: 750 - index * 12, size: 10, font });
    });
  }
  return Buffer.from(await pdf.save());
}

export function toPng(text) {
  const lines = wrapLines(text);
  const lineHeight = 42;
  const canvas = createCanvas(1700, lineHeight * (lines.length + 2));
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.fillStyle = '#000000';
  context.font = '28px sans-serif';
  lines.forEach((line, index) => context.fillText(line, 40, lineHeight * (index + 1)));
  return canvas.toBuffer('image/png');
}
