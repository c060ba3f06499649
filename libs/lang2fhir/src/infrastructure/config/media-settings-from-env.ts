import { ConfigError, EnvReader } from '@app/shared';
import { MediaSettings } from '../../application/ports/media-settings.js';

/** Caps of the document and audio inputs, read from the environment once at start. */
export class MediaSettingsFromEnv extends MediaSettings {
  documentMaxBytes!: number;
  documentMaxPages!: number;
  ocrTimeoutMs!: number;
  transcribeMaxSeconds!: number;
  transcribeTimeoutMs!: number;
  pocketsphinxProgram!: string;
  pocketsphinxModelDir!: string;

  static fromEnv(env: Record<string, string | undefined> = process.env): MediaSettingsFromEnv {
    const read = new EnvReader(env);
    const settings = new MediaSettingsFromEnv();
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
    settings.pocketsphinxProgram = read.string(
      'TRANSCRIBE_POCKETSPHINX',
      'pocketsphinx_continuous',
    );
    settings.pocketsphinxModelDir = read.string(
      'TRANSCRIBE_MODEL_DIR',
      '/usr/share/pocketsphinx/model/en-us',
    );
    if (read.problems.length > 0) throw new ConfigError(read.problems);
    return settings;
  }
}
