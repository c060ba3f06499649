import type { DocumentFormat } from '../../domain/documents/document-format.js';
import type { DocumentText } from '../../domain/documents/document-text.js';

export interface DocumentReadLimits {
  maxPages: number;
  /** The time budget of the OCR of one document. */
  ocrTimeoutMs: number;
}

/**
 * The text of a PDF or an image. Throws an AppError: 422 for a document that cannot be
 * read or has more pages than allowed, 504 when OCR runs past its budget.
 */
export abstract class DocumentReader {
  abstract read(
    bytes: Uint8Array,
    format: DocumentFormat,
    limits: DocumentReadLimits,
  ): Promise<DocumentText>;
}
