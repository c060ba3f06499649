/** Caps of /lang2fhir/document and /transcribe, and where the speech recognizer is. */
export abstract class MediaSettings {
  /** The largest decoded document accepted. */
  abstract readonly documentMaxBytes: number;
  abstract readonly documentMaxPages: number;
  abstract readonly ocrTimeoutMs: number;
  /** The longest recording /transcribe takes. */
  abstract readonly transcribeMaxSeconds: number;
  abstract readonly transcribeTimeoutMs: number;
  /** The PocketSphinx decoder: a program on PATH or a path. */
  abstract readonly pocketsphinxProgram: string;
  /** The directory of the English model (acoustic model, language model, dictionary). */
  abstract readonly pocketsphinxModelDir: string;
}
