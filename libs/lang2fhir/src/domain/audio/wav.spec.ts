import { describe, expect, it } from 'vitest';
import { detectAudioFormat } from './audio-format.js';
import { decodeWav, durationSeconds, encodeWav16, toPcm16 } from './wav.js';

function tone(rate: number, seconds: number): Int16Array {
  return Int16Array.from({ length: rate * seconds }, (_, index) =>
    Math.round(10_000 * Math.sin((2 * Math.PI * 440 * index) / rate)),
  );
}

describe('WAV decoding and resampling', () => {
  it('reads back a 16-bit file it wrote, to samples in [-1, 1]', () => {
    const samples = tone(22_050, 1);
    const result = decodeWav(encodeWav16(samples, 22_050));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.audio.sampleRate).toBe(22_050);
    expect(durationSeconds(result.audio)).toBeCloseTo(1, 5);
    expect(result.audio.samples[100]).toBeCloseTo(samples[100] / 32768, 6);
  });

  it('writes the 44-byte header pocketsphinx skips, then little-endian samples', () => {
    const wav = encodeWav16(Int16Array.from([1, -2, 0x1234]), 16_000);
    expect(wav.length).toBe(44 + 6);
    expect(wav.readUInt32LE(24)).toBe(16_000);
    expect(wav.toString('latin1', 36, 40)).toBe('data');
    expect(Array.from(wav.subarray(44))).toEqual([0x01, 0x00, 0xfe, 0xff, 0x34, 0x12]);
  });

  it('reads what espeak-ng streams: a data size past the end of the file', () => {
    const wav = encodeWav16(Int16Array.from([100, -100, 200]), 22_050);
    wav.writeUInt32LE(0x7ffff000, 40);
    const result = decodeWav(wav);
    expect(result.ok && Array.from(result.audio.samples)).toEqual([
      100 / 32768,
      -100 / 32768,
      200 / 32768,
    ]);
  });

  it('mixes stereo to mono', () => {
    const wav = encodeWav16(Int16Array.from([1000, 3000, -2000, 0]), 8000);
    // Mark the file as two channels of 16 bits: one frame is then [1000, 3000], the next [-2000, 0].
    wav.writeUInt16LE(2, 22);
    wav.writeUInt16LE(4, 32);
    const result = decodeWav(wav);
    expect(result.ok && Array.from(result.audio.samples)).toEqual([2000 / 32768, -1000 / 32768]);
  });

  it('names what is wrong with a malformed or unsupported file', () => {
    expect(decodeWav(new TextEncoder().encode('RIFF\0\0\0\0WAVE'))).toEqual({
      ok: false,
      problem: { kind: 'malformed', reason: 'no fmt chunk' },
    });
    const alaw = encodeWav16(tone(8000, 1), 8000);
    alaw.writeUInt16LE(6, 20);
    expect(decodeWav(alaw)).toMatchObject({ ok: false, problem: { kind: 'unsupported-encoding' } });
  });

  it('resamples 22.05 kHz to 16 kHz keeping the duration and the level', () => {
    const result = decodeWav(encodeWav16(tone(22_050, 2), 22_050));
    if (!result.ok) throw new Error('decode failed');
    const pcm = toPcm16(result.audio, 16_000);
    expect(pcm.length).toBe(32_000);
    const peak = pcm.reduce((max, value) => Math.max(max, Math.abs(value)), 0);
    expect(peak).toBeGreaterThan(9_000);
    expect(peak).toBeLessThanOrEqual(10_001);
  });

  it('recognizes the containers by their magic bytes', () => {
    expect(detectAudioFormat(encodeWav16(new Int16Array(4), 8000))).toBe('wav');
    expect(detectAudioFormat(new TextEncoder().encode('fLaC\0\0'))).toBe('flac');
    expect(detectAudioFormat(new TextEncoder().encode('OggS\0\0'))).toBe('ogg');
    expect(detectAudioFormat(new TextEncoder().encode('ID3\x04'))).toBe('mp3');
    expect(detectAudioFormat(new Uint8Array([0xff, 0xfb, 0x90, 0x00]))).toBe('mp3');
    expect(detectAudioFormat(new Uint8Array([0x1a, 0x45, 0xdf, 0xa3]))).toBe('webm');
    expect(detectAudioFormat(new TextEncoder().encode('hello'))).toBeUndefined();
  });
});
