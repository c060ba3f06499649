import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Injectable } from '@nestjs/common';
import { encodeWav16 } from '../../domain/audio/wav.js';
import { recognitionFailed, transcriptionTimedOut } from '../../application/input-errors.js';
import { MediaSettings } from '../../application/ports/media-settings.js';
import { SpeechRecognizer } from '../../application/ports/speech-recognizer.js';
import { exists, findOnPath } from './system-tools.js';

export const POCKETSPHINX_INSTALL = 'apt-get install -y pocketsphinx pocketsphinx-en-us';

/**
 * Debian's CMU PocketSphinx (5prealpha) as a child process: the recording is written to a temporary 16 kHz WAV file and
 * decoded offline with the packaged acoustic model, language model and dictionary. A process
 * of its own keeps the CPU-heavy decoding off the event loop, and its timeout ends it.
 */
@Injectable()
export class PocketsphinxRecognizer extends SpeechRecognizer {
  readonly sampleRate = 16_000;

  constructor(private readonly settings: MediaSettings) {
    super();
  }

  async missing(): Promise<string | undefined> {
    const program = this.settings.pocketsphinxProgram;
    const binary = program.includes('/') ? program : await findOnPath(program);
    const model = this.settings.pocketsphinxModelDir;
    return binary && (await exists(binary)) && (await exists(join(model, 'en-us.lm.bin')))
      ? undefined
      : POCKETSPHINX_INSTALL;
  }

  async recognize(pcm: Int16Array, timeoutMs: number): Promise<string> {
    const directory = await mkdtemp(join(tmpdir(), 'transcribe-'));
    try {
      const file = join(directory, 'audio.wav');
      await writeFile(file, encodeWav16(pcm, this.sampleRate));
      const model = this.settings.pocketsphinxModelDir;
      const output = await run(
        this.settings.pocketsphinxProgram,
        [
          ...['-hmm', join(model, 'en-us'), '-lm', join(model, 'en-us.lm.bin')],
          ...['-dict', join(model, 'cmudict-en-us.dict'), '-infile', file, '-logfn', '/dev/null'],
        ],
        timeoutMs,
      );
      // One line per utterance the decoder found.
      return output
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean)
        .join(' ');
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  }
}

function run(binary: string, args: string[], timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      binary,
      args,
      { timeout: timeoutMs, maxBuffer: 4 * 1024 * 1024, encoding: 'utf8' },
      (error, stdout, stderr) => {
        if (error?.killed) return reject(transcriptionTimedOut(timeoutMs));
        if (error) return reject(recognitionFailed(stderr.trim() || error.message));
        resolve(stdout);
      },
    );
  });
}
