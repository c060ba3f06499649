import { describe, expect, it } from 'vitest';
import { detectDocumentFormat } from './document-format.js';

const bytes = (...values: number[]) => new Uint8Array(values);

describe('detectDocumentFormat', () => {
  it('tells the four formats apart by their first bytes', () => {
    expect(detectDocumentFormat(new TextEncoder().encode('%PDF-1.7\n'))).toBe('pdf');
    expect(detectDocumentFormat(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe(
      'png',
    );
    expect(detectDocumentFormat(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('jpeg');
    expect(detectDocumentFormat(bytes(0x49, 0x49, 0x2a, 0x00))).toBe('tiff');
    expect(detectDocumentFormat(bytes(0x4d, 0x4d, 0x00, 0x2a))).toBe('tiff');
  });

  it('finds a PDF header after a few junk bytes, and nothing in other files', () => {
    expect(detectDocumentFormat(new TextEncoder().encode('\r\n  %PDF-1.4'))).toBe('pdf');
    expect(detectDocumentFormat(new TextEncoder().encode('GIF89a'))).toBeUndefined();
    expect(detectDocumentFormat(new Uint8Array(0))).toBeUndefined();
  });
});
