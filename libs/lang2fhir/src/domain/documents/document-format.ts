/** The document formats read by /lang2fhir/document, told apart by their first bytes. */
export type DocumentFormat = 'pdf' | 'png' | 'jpeg' | 'tiff';

export const DOCUMENT_FORMATS: readonly DocumentFormat[] = ['pdf', 'png', 'jpeg', 'tiff'];

function startsWith(bytes: Uint8Array, signature: readonly number[], at = 0): boolean {
  return signature.every((value, index) => bytes[at + index] === value);
}

export function detectDocumentFormat(bytes: Uint8Array): DocumentFormat | undefined {
  // "%PDF-" may follow a few bytes of junk; readers accept it within the first KiB.
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  if (head.includes('%PDF-')) return 'pdf';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a]))
    return 'tiff';
  return undefined;
}
