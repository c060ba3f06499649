/**
 * The largest text accepted: 100 KiB of UTF-8 (about 40 pages of notes). Larger texts
 * answer 413, so that one request cannot hold a worker for long; split them instead.
 */
export const MAX_TEXT_BYTES = 100 * 1024;

export type TextProblem = { kind: 'empty' } | { kind: 'too-large'; bytes: number };

export function checkText(text: string): TextProblem | null {
  if (text.trim() === '') return { kind: 'empty' };
  const bytes = new TextEncoder().encode(text).length;
  return bytes > MAX_TEXT_BYTES ? { kind: 'too-large', bytes } : null;
}

/** Only FHIR R4 is produced; its usual spellings are accepted. */
export function isR4(version: string | null | undefined): boolean {
  // null as absent: @IsOptional() lets a JSON null through
  return (
    version === undefined ||
    version === null ||
    /^(r4|4\.0(\.\d+)?|fhir ?r4)$/i.test(version.trim())
  );
}
