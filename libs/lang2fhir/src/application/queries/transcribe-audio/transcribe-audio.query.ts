import { Query } from '@nestjs/cqrs';

export interface Transcript {
  transcript: string;
}

/** POST /transcribe: raw audio bytes (WAV, FLAC, MP3, OGG/WebM Opus) → the words spoken. */
export class TranscribeAudioQuery extends Query<Transcript> {
  constructor(
    readonly audio: Uint8Array,
    /** BCP-47 tags, at most 4; en-US when none. */
    readonly languages: readonly string[],
  ) {
    super();
  }
}
