import type { AudioFormat } from '../../domain/audio/audio-format.js';
import type { MonoAudio } from '../../domain/audio/wav.js';

/** Decodes compressed audio (FLAC, MP3, OGG/WebM Opus) with a system tool. */
export abstract class AudioDecoder {
  /** The command that installs the decoder, when it is not installed. */
  abstract missing(): Promise<string | undefined>;
  /** Throws an AppError: 400 when the bytes do not decode, 504 past `timeoutMs`. */
  abstract decode(bytes: Uint8Array, format: AudioFormat, timeoutMs: number): Promise<MonoAudio>;
}
