import { execFileSync } from 'node:child_process';
import { createCanvas } from '@napi-rs/canvas';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/**
 * Documents made at test time from text the test gives: PDFs with a text layer (pdf-lib),
 * images of typed lines (a canvas), and scans (an image-only PDF).
 */
export async function textPdf(pages: string[][]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = pdf.addPage([612, 792]);
    lines.forEach((line, index) =>
      page.drawText(line, { x: 50, y: 740 - index * 18, size: 11, font }),
    );
  }
  return Buffer.from(await pdf.save());
}

/** Black typed lines on white, about 300 dpi for 11-point type (what a scanner gives). */
export function linesImage(
  lines: string[],
  type: 'image/png' | 'image/jpeg' = 'image/png',
): Buffer {
  const width = 2000;
  const lineHeight = 60;
  const canvas = createCanvas(width, lineHeight * (lines.length + 1));
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, canvas.height);
  context.fillStyle = '#000000';
  context.font = '40px sans-serif';
  lines.forEach((line, index) => context.fillText(line, 40, lineHeight * (index + 1)));
  return type === 'image/png' ? canvas.toBuffer('image/png') : canvas.toBuffer('image/jpeg', 95);
}

/** A PDF whose only page is a PNG image: no text layer, as a scanner writes it. */
export async function scannedPdf(png: Buffer): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const image = await pdf.embedPng(png);
  const page = pdf.addPage([612, (612 * image.height) / image.width]);
  page.drawImage(image, { x: 0, y: 0, width: page.getWidth(), height: page.getHeight() });
  return Buffer.from(await pdf.save());
}

/** Whether a program is on PATH. */
export function installed(program: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${program}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** A sentence spoken by espeak-ng, as the WAV it writes (22.05 kHz, 16-bit mono). */
export function spokenWav(sentence: string, voice = 'en-us+f3', wordsPerMinute = 140): Buffer {
  return execFileSync(
    'espeak-ng',
    ['-v', voice, '-s', String(wordsPerMinute), '--stdout', sentence],
    {
      maxBuffer: 64 * 1024 * 1024,
    },
  );
}
