/** PCM audio as the recognizer takes it: one channel of samples in [-1, 1]. */
export interface MonoAudio {
  sampleRate: number;
  samples: Float32Array;
}

export type WavProblem =
  | { kind: 'malformed'; reason: string }
  | { kind: 'unsupported-encoding'; formatTag: number; bitsPerSample: number };

export type WavResult = { ok: true; audio: MonoAudio } | { ok: false; problem: WavProblem };

const PCM = 1;
const IEEE_FLOAT = 3;
const EXTENSIBLE = 0xfffe;

interface WavFormat {
  formatTag: number;
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
}

function malformed(reason: string): WavResult {
  return { ok: false, problem: { kind: 'malformed', reason } };
}

/** Reads a RIFF/WAVE file of integer PCM (8, 16, 24, 32 bit) or 32-bit float, mixed to mono. */
export function decodeWav(bytes: Uint8Array): WavResult {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let format: WavFormat | undefined;
  let data: { offset: number; length: number } | undefined;
  for (let offset = 12; offset + 8 <= bytes.length;) {
    const id = Buffer.from(bytes.subarray(offset, offset + 4)).toString('latin1');
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === 'fmt ' && size >= 16 && body + 16 <= bytes.length) {
      let formatTag = view.getUint16(body, true);
      if (formatTag === EXTENSIBLE && size >= 26) formatTag = view.getUint16(body + 24, true);
      format = {
        formatTag,
        channels: view.getUint16(body + 2, true),
        sampleRate: view.getUint32(body + 4, true),
        bitsPerSample: view.getUint16(body + 14, true),
      };
    } else if (id === 'data') {
      // Streamed WAVs may leave the size at 0 or 0xFFFFFFFF: take what is there.
      const length = size === 0 || body + size > bytes.length ? bytes.length - body : size;
      data = { offset: body, length };
      break;
    }
    offset = body + size + (size % 2);
  }
  if (!format) return malformed('no fmt chunk');
  if (!data) return malformed('no data chunk');
  if (format.channels < 1 || format.sampleRate < 1) return malformed('no channels or sample rate');
  const sample = sampleReader(view, format);
  if (!sample)
    return {
      ok: false,
      problem: {
        kind: 'unsupported-encoding',
        formatTag: format.formatTag,
        bitsPerSample: format.bitsPerSample,
      },
    };
  const frameBytes = (format.bitsPerSample / 8) * format.channels;
  const frames = Math.floor(data.length / frameBytes);
  const samples = new Float32Array(frames);
  for (let frame = 0; frame < frames; frame++) {
    let sum = 0;
    for (let channel = 0; channel < format.channels; channel++)
      sum += sample(data.offset + frame * frameBytes + (channel * format.bitsPerSample) / 8);
    samples[frame] = sum / format.channels;
  }
  return { ok: true, audio: { sampleRate: format.sampleRate, samples } };
}

function sampleReader(view: DataView, format: WavFormat): ((at: number) => number) | undefined {
  if (format.formatTag === IEEE_FLOAT && format.bitsPerSample === 32)
    return (at) => view.getFloat32(at, true);
  if (format.formatTag !== PCM) return undefined;
  switch (format.bitsPerSample) {
    case 8:
      return (at) => (view.getUint8(at) - 128) / 128;
    case 16:
      return (at) => view.getInt16(at, true) / 32768;
    case 24:
      return (at) =>
        (view.getUint8(at) | (view.getUint8(at + 1) << 8) | (view.getInt8(at + 2) << 16)) / 8388608;
    case 32:
      return (at) => view.getInt32(at, true) / 2147483648;
    default:
      return undefined;
  }
}

export function durationSeconds(audio: MonoAudio): number {
  return audio.samples.length / audio.sampleRate;
}

/**
 * 16-bit samples at `rate`, the input of the recognizer. Downsampling averages the source
 * samples each output sample covers (a box filter), which keeps aliasing below what the
 * recognizer's features notice; upsampling interpolates linearly.
 */
export function toPcm16(audio: MonoAudio, rate: number): Int16Array {
  const ratio = audio.sampleRate / rate;
  const length = Math.floor(audio.samples.length / ratio);
  const out = new Int16Array(length);
  for (let index = 0; index < length; index++) {
    const from = index * ratio;
    let value: number;
    if (ratio > 1) {
      const first = Math.floor(from);
      const last = Math.min(audio.samples.length, Math.floor(from + ratio));
      let sum = 0;
      for (let at = first; at < last; at++) sum += audio.samples[at];
      value = sum / Math.max(1, last - first);
    } else {
      const at = Math.floor(from);
      const next = audio.samples[at + 1] ?? audio.samples[at];
      value = audio.samples[at] + (next - audio.samples[at]) * (from - at);
    }
    out[index] = Math.max(-32768, Math.min(32767, Math.round(value * 32768)));
  }
  return out;
}

/** A 16-bit mono RIFF/WAVE file of the samples. */
export function encodeWav16(samples: Int16Array, rate: number): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + samples.length * 2, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(PCM, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(samples.length * 2, 40);
  // RIFF samples are little-endian whatever the host's byte order.
  const body = Buffer.alloc(samples.length * 2);
  for (let index = 0; index < samples.length; index++) body.writeInt16LE(samples[index], index * 2);
  return Buffer.concat([header, body]);
}
