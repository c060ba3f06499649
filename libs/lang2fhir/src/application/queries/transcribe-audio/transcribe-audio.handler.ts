import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { AppError } from '@app/shared';
import { detectAudioFormat, type AudioFormat } from '../../../domain/audio/audio-format.js';
import { decodeWav, durationSeconds, toPcm16, type MonoAudio } from '../../../domain/audio/wav.js';
import { InputErrorCodes } from '../../../domain/lang2fhir-errors.js';
import { engineMissing, invalidAudio } from '../../input-errors.js';
import { AudioDecoder } from '../../ports/audio-decoder.js';
import { MediaSettings } from '../../ports/media-settings.js';
import { SpeechRecognizer } from '../../ports/speech-recognizer.js';
import { TranscribeAudioQuery, type Transcript } from './transcribe-audio.query.js';

const MAX_LANGUAGES = 4;

@QueryHandler(TranscribeAudioQuery)
export class TranscribeAudioHandler implements IQueryHandler<TranscribeAudioQuery> {
  constructor(
    private readonly recognizer: SpeechRecognizer,
    private readonly decoder: AudioDecoder,
    private readonly settings: MediaSettings,
  ) {}

  async execute({ audio, languages }: TranscribeAudioQuery): Promise<Transcript> {
    checkLanguages(languages);
    if (audio.length === 0) throw invalidAudio('The body is empty: send the audio bytes');
    const format = detectAudioFormat(audio);
    if (!format)
      throw invalidAudio(
        'The body is not audio this service reads: send WAV, FLAC, MP3 or OGG/WebM Opus bytes',
      );
    const install = await this.recognizer.missing();
    if (install) throw engineMissing('The speech recognizer (pocketsphinx)', install);
    const decoded = await this.decode(audio, format);
    const seconds = durationSeconds(decoded);
    if (seconds > this.settings.transcribeMaxSeconds)
      throw AppError.badRequest(
        InputErrorCodes.AUDIO_TOO_LONG,
        `The audio lasts ${Math.round(seconds)} s; at most ${this.settings.transcribeMaxSeconds} s are transcribed: split it`,
        { seconds: Math.round(seconds), limit: this.settings.transcribeMaxSeconds },
      );
    const transcript = await this.recognizer.recognize(
      toPcm16(decoded, this.recognizer.sampleRate),
      this.settings.transcribeTimeoutMs,
    );
    if (transcript.trim() === '')
      throw AppError.badRequest(
        InputErrorCodes.NO_TRANSCRIPT,
        'No speech was recognized in the audio (silence, noise or a language other than English)',
      );
    return { transcript: transcript.trim() };
  }

  private async decode(audio: Uint8Array, format: AudioFormat): Promise<MonoAudio> {
    if (format === 'wav') {
      const result = decodeWav(audio);
      if (result.ok) return result.audio;
      if (result.problem.kind === 'malformed')
        throw invalidAudio(`The WAV file is malformed: ${result.problem.reason}`);
    }
    // Compressed audio, and WAV encodings other than PCM/float (µ-law, ADPCM…), need ffmpeg.
    const install = await this.decoder.missing();
    if (install) throw engineMissing(`Decoding ${format.toUpperCase()} audio (ffmpeg)`, install);
    return this.decoder.decode(audio, format, this.settings.transcribeTimeoutMs);
  }
}

/** Only the installed English model: en and its regional tags. */
function checkLanguages(languages: readonly string[]): void {
  if (languages.length > MAX_LANGUAGES)
    throw AppError.badRequest(
      InputErrorCodes.UNSUPPORTED_LANGUAGE,
      `${languages.length} languages were given; at most ${MAX_LANGUAGES}`,
    );
  if (languages.length > 0 && !languages.some((tag) => /^en(-|$)/i.test(tag)))
    throw AppError.badRequest(
      InputErrorCodes.UNSUPPORTED_LANGUAGE,
      `No model for ${languages.join(', ')}: the installed recognizer speaks English (en-US)`,
      { supported: ['en-US'] },
    );
}
