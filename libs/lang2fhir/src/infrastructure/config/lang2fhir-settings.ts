import { ConfigError, EnvReader } from '@app/shared';
import { FixupSettings } from '../../application/ports/fixup-settings.js';

/** Settings of lang2fhir, read from the environment once at start and validated. */
export class Lang2FhirSettings extends FixupSettings {
  /** How long a multi-create waits for its follow-up PUTs before answering with them pending. */
  fixupWaitMs!: number;
  fixupAttempts!: number;
  fixupBackoffMs!: number;

  static fromEnv(env: Record<string, string | undefined> = process.env): Lang2FhirSettings {
    const read = new EnvReader(env);
    const settings = new Lang2FhirSettings();
    settings.fixupWaitMs = read.int('LANG2FHIR_FIXUP_WAIT_MS', 20_000, 0, 600_000);
    settings.fixupAttempts = read.int('LANG2FHIR_FIXUP_ATTEMPTS', 3, 1, 20);
    settings.fixupBackoffMs = read.int('LANG2FHIR_FIXUP_BACKOFF_MS', 1_000, 10, 600_000);
    if (read.problems.length > 0) throw new ConfigError(read.problems);
    return settings;
  }
}
