import { Injectable } from '@nestjs/common';
import type { DocumentFormat } from '../../domain/documents/document-format.js';
import { joinPages, type DocumentText } from '../../domain/documents/document-text.js';
import { ocrTimedOut, tooManyPages, unreadableDocument } from '../../application/input-errors.js';
import {
  DocumentReader,
  type DocumentReadLimits,
} from '../../application/ports/document-reader.js';
import { PdfPages } from './pdf-pages.js';
import { OcrTimeout, TesseractOcr } from './tesseract-ocr.js';

/** One time budget for all the OCR of a document. */
interface OcrBudget {
  ms: number;
  deadline: number;
}

/** Fewer letters than this on a PDF page: treated as scanned, and the page is read by OCR too. */
const MIN_TEXT_LAYER_CHARS = 16;

/**
 * PDFs through pdf.js (pure JavaScript): the text layer page by page; a page without one (a
 * scan) is rendered, or its embedded images taken, and read by OCR. Images go to OCR directly.
 */
@Injectable()
export class LocalDocumentReader extends DocumentReader {
  constructor(private readonly ocr: TesseractOcr) {
    super();
  }

  async read(
    bytes: Uint8Array,
    format: DocumentFormat,
    limits: DocumentReadLimits,
  ): Promise<DocumentText> {
    const budget: OcrBudget = {
      ms: limits.ocrTimeoutMs,
      deadline: Date.now() + limits.ocrTimeoutMs,
    };
    if (format !== 'pdf')
      return joinPages([await this.ocrImage(Buffer.from(bytes), format, budget)], 'ocr');
    const pdf = await PdfPages.open(bytes).catch((error: unknown) => {
      throw unreadableDocument('pdf', reasonOf(error));
    });
    try {
      if (pdf.count > limits.maxPages) throw tooManyPages(pdf.count, limits.maxPages);
      let scanned = false;
      const pages: string[] = [];
      for (let page = 1; page <= pdf.count; page++) {
        const layer = await pdf.text(page).catch((error: unknown) => {
          throw unreadableDocument('pdf', `page ${page}: ${reasonOf(error)}`);
        });
        if (layer.replace(/\s/g, '').length >= MIN_TEXT_LAYER_CHARS) {
          pages.push(layer);
          continue;
        }
        // The rendered page holds the little text the layer has, so OCR's reading replaces it.
        const read = await this.ocrPage(pdf, page, budget);
        if (read.trim() !== '') scanned = true;
        pages.push(read.trim() !== '' ? read : layer);
      }
      return joinPages(pages, scanned ? 'pdf-ocr' : 'pdf-text');
    } finally {
      await pdf.close().catch(() => undefined);
    }
  }

  private async ocrPage(pdf: PdfPages, page: number, budget: OcrBudget): Promise<string> {
    const images = await pdf.images(page).catch((error: unknown) => {
      throw unreadableDocument('pdf', `page ${page}: ${reasonOf(error)}`);
    });
    const texts: string[] = [];
    for (const image of images) texts.push(await this.ocrImage(image, 'pdf', budget));
    return texts.join('\n');
  }

  private async ocrImage(
    image: Buffer,
    format: DocumentFormat,
    budget: OcrBudget,
  ): Promise<string> {
    try {
      return await this.ocr.recognize(image, budget.deadline);
    } catch (error) {
      if (error instanceof OcrTimeout) throw ocrTimedOut(budget.ms);
      throw unreadableDocument(format, reasonOf(error));
    }
  }
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
