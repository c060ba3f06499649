/** Caps of /lang2fhir/document and /transcribe. */
export abstract class DocumentSettings {
  /** The largest decoded document accepted. */
  abstract readonly documentMaxBytes: number;
  abstract readonly documentMaxPages: number;
  abstract readonly ocrTimeoutMs: number;
  /** The longest recording /transcribe takes. */
  abstract readonly transcribeMaxSeconds: number;
  abstract readonly transcribeTimeoutMs: number;
}
