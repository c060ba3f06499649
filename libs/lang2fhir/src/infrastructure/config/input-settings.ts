import { ConfigError, EnvReader } from '@app/shared';
import { DocumentSettings } from '../../application/ports/document-settings.js';

/** Caps of the document and audio inputs, read from the environment once at start. */
export class InputSettings extends DocumentSettings {
  documentMaxBytes!: number;
  documentMaxPages!: number;
  ocrTimeoutMs!: number;
  transcribeMaxSeconds!: number;
  transcribeTimeoutMs!: number;

  static fromEnv(env: Record<string, string | undefined> = process.env): InputSettings {
    const read = new EnvReader(env);
    const settings = new InputSettings();
    settings.documentMaxBytes = read.int(
      'LANG2FHIR_DOCUMENT_MAX_BYTES',
      5 * 1024 * 1024,
      1024,
      512 * 1024 * 1024,
    );
    settings.documentMaxPages = read.int('LANG2FHIR_DOCUMENT_MAX_PAGES', 30, 1, 10_000);
    settings.ocrTimeoutMs = read.int('LANG2FHIR_OCR_TIMEOUT_MS', 60_000, 1_000, 3_600_000);
    settings.transcribeMaxSeconds = read.int('TRANSCRIBE_MAX_SECONDS', 300, 1, 3_600);
    settings.transcribeTimeoutMs = read.int('TRANSCRIBE_TIMEOUT_MS', 120_000, 1_000, 3_600_000);
    if (read.problems.length > 0) throw new ConfigError(read.problems);
    return settings;
  }
}
