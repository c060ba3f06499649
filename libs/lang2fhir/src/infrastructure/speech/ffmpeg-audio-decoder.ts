import { spawn } from 'node:child_process';
import { Injectable } from '@nestjs/common';
import type { AudioFormat } from '../../domain/audio/audio-format.js';
import type { MonoAudio } from '../../domain/audio/wav.js';
import { invalidAudio, transcriptionTimedOut } from '../../application/input-errors.js';
import { AudioDecoder } from '../../application/ports/audio-decoder.js';
import { findOnPath } from './system-tools.js';

const RATE = 16_000;
export const FFMPEG_INSTALL = 'apt-get install -y ffmpeg';

/** Compressed audio to 16 kHz mono through Debian's ffmpeg, piped in and out (no files). */
@Injectable()
export class FfmpegAudioDecoder extends AudioDecoder {
  async missing(): Promise<string | undefined> {
    return (await findOnPath('ffmpeg')) ? undefined : FFMPEG_INSTALL;
  }

  decode(bytes: Uint8Array, format: AudioFormat, timeoutMs: number): Promise<MonoAudio> {
    return new Promise((resolve, reject) => {
      const child = spawn(
        'ffmpeg',
        [
          '-hide_banner',
          '-loglevel',
          'error',
          '-i',
          'pipe:0',
          '-f',
          's16le',
          '-ac',
          '1',
          '-ar',
          String(RATE),
          'pipe:1',
        ],
        { stdio: ['pipe', 'pipe', 'pipe'] },
      );
      const chunks: Buffer[] = [];
      let errors = '';
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        child.kill('SIGKILL');
      }, timeoutMs);
      child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
      child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString('utf8')));
      // ffmpeg may stop reading early on bad input: a broken pipe is reported by its exit code.
      child.stdin.on('error', () => undefined);
      child.on('error', (error) => {
        clearTimeout(timer);
        reject(
          invalidAudio(`The ${format.toUpperCase()} audio could not be decoded: ${error.message}`),
        );
      });
      child.on('close', (code) => {
        clearTimeout(timer);
        if (timedOut) return reject(transcriptionTimedOut(timeoutMs));
        const pcm = Buffer.concat(chunks);
        if (code !== 0 || pcm.length < 2)
          return reject(
            invalidAudio(
              `The ${format.toUpperCase()} audio could not be decoded: ${errors.trim().split('\n').pop()?.slice(0, 200) ?? 'no samples'}`,
            ),
          );
        const samples = new Float32Array(Math.floor(pcm.length / 2));
        for (let index = 0; index < samples.length; index++)
          samples[index] = pcm.readInt16LE(index * 2) / 32768;
        resolve({ sampleRate: RATE, samples });
      });
      child.stdin.end(Buffer.from(bytes));
    });
  }
}
