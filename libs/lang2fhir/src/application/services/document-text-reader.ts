import { Injectable } from '@nestjs/common';
import { AppError } from '@app/shared';
import { detectDocumentFormat, DOCUMENT_FORMATS } from '../../domain/documents/document-format.js';
import type { DocumentText } from '../../domain/documents/document-text.js';
import { InputErrorCodes } from '../../domain/lang2fhir-errors.js';
import { DocumentReader } from '../ports/document-reader.js';
import { MediaSettings } from '../ports/media-settings.js';

const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

/** The base64 `content` of a document request, checked, to the document's text. */
@Injectable()
export class DocumentTextReader {
  constructor(
    private readonly reader: DocumentReader,
    private readonly settings: MediaSettings,
  ) {}

  async read(content: string): Promise<DocumentText> {
    const bytes = this.decode(content);
    const format = detectDocumentFormat(bytes);
    if (!format)
      throw new AppError(
        415,
        InputErrorCodes.UNSUPPORTED_DOCUMENT,
        `content is not a supported document; send the base64 of a ${DOCUMENT_FORMATS.map((f) => f.toUpperCase()).join(', ')} file`,
        { supported: DOCUMENT_FORMATS },
      );
    const document = await this.reader.read(bytes, format, {
      maxPages: this.settings.documentMaxPages,
      ocrTimeoutMs: this.settings.ocrTimeoutMs,
    });
    if (document.text.trim() === '')
      throw new AppError(
        422,
        InputErrorCodes.NO_TEXT_IN_DOCUMENT,
        `No text was found in the ${format.toUpperCase()} document (neither a text layer nor legible print)`,
      );
    return document;
  }

  private decode(content: string): Uint8Array {
    // Data URLs ("data:application/pdf;base64,…") and line-wrapped base64 are accepted.
    const payload = content.replace(/^data:[^,]*;base64,/, '').replace(/\s+/g, '');
    if (payload === '')
      throw AppError.badRequest(
        InputErrorCodes.INVALID_DOCUMENT,
        'content is empty: send the base64 of the document',
      );
    if (!BASE64.test(payload) || payload.length % 4 === 1)
      throw AppError.badRequest(
        InputErrorCodes.INVALID_DOCUMENT,
        'content is not base64: send the document bytes base64-encoded',
      );
    const bytes = Buffer.from(
      payload,
      payload.includes('-') || payload.includes('_') ? 'base64url' : 'base64',
    );
    if (bytes.length > this.settings.documentMaxBytes)
      throw new AppError(
        413,
        InputErrorCodes.DOCUMENT_TOO_LARGE,
        `The document is ${bytes.length} bytes; the limit is ${this.settings.documentMaxBytes} bytes`,
        { bytes: bytes.length, limit: this.settings.documentMaxBytes },
      );
    return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
}
