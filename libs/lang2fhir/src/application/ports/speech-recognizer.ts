/** An offline speech recognizer: 16-bit mono PCM at `sampleRate` in, words out. */
export abstract class SpeechRecognizer {
  abstract readonly sampleRate: number;
  /** The command that installs the engine, when it is not installed; undefined when it is. */
  abstract missing(): Promise<string | undefined>;
  /** Throws an AppError: 502 when the engine fails, 504 past `timeoutMs`. */
  abstract recognize(pcm: Int16Array, timeoutMs: number): Promise<string>;
}
