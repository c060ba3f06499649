#!/usr/bin/env node
// POST /transcribe on sentences of our own (sentences.json) spoken by Debian's espeak-ng into
// WAV (22.05 kHz), scored by word error rate. Beside it, per voice: the engine run directly on
// the same file resampled to 16 kHz by ffmpeg (the floor our pipeline is measured against, and
// the ratio), the same recognizer fed the 22.05 kHz file as it is (the naive pipeline: no
// resampling to the model's 16 kHz), and the trivial empty transcript (WER 100%). Latency of
// the API next to the recognizer run directly.
//
//   npm run build && node bench/transcribe/run.mjs [--voices en-us+f3,en-us] [--rate 140] [--port 3241] [--verbose]
import { performance } from 'node:perf_hooks';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { percentile, post, startApi } from '../lang2fhir-document/api.mjs';

const { values: args } = parseArgs({
  options: {
    voices: { type: 'string', default: 'en-us+f3,en-us' },
    rate: { type: 'string', default: '140' },
    port: { type: 'string', default: '3241' },
    verbose: { type: 'boolean', default: false },
  },
});
for (const program of ['espeak-ng', 'pocketsphinx_continuous']) {
  if (spawnSync('sh', ['-c', `command -v ${program}`]).status !== 0) {
    console.log(
      `SKIP: ${program} is not installed (apt-get install -y pocketsphinx pocketsphinx-en-us espeak-ng)`,
    );
    process.exit(0);
  }
}
const MODEL = '/usr/share/pocketsphinx/model/en-us';
const sentences = JSON.parse(readFileSync(new URL('./sentences.json', import.meta.url), 'utf8'));
const words = (text) =>
  text
    .toLowerCase()
    .replace(/[^a-z' ]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);

/** Word-level edit distance (substitutions, insertions, deletions). */
function editDistance(reference, hypothesis) {
  let previous = Array.from({ length: hypothesis.length + 1 }, (_, index) => index);
  for (let i = 1; i <= reference.length; i++) {
    const current = [i];
    for (let j = 1; j <= hypothesis.length; j++)
      current[j] = Math.min(
        previous[j] + 1,
        current[j - 1] + 1,
        previous[j - 1] + (reference[i - 1] === hypothesis[j - 1] ? 0 : 1),
      );
    previous = current;
  }
  return previous[hypothesis.length];
}

function decodeDirect(file, rateArgs) {
  const started = performance.now();
  const out = execFileSync(
    'pocketsphinx_continuous',
    [
      ...[
        '-hmm',
        join(MODEL, 'en-us'),
        '-lm',
        join(MODEL, 'en-us.lm.bin'),
        '-dict',
        join(MODEL, 'cmudict-en-us.dict'),
      ],
      ...rateArgs,
      '-infile',
      file,
      '-logfn',
      '/dev/null',
    ],
    { encoding: 'utf8' },
  );
  return { text: out.split('\n').join(' ').trim(), ms: performance.now() - started };
}

// pocketsphinx_continuous skips exactly 44 bytes of a .wav: without these flags ffmpeg adds a
// LIST chunk, whose 34 bytes the engine would decode as samples.
function resample16k(from, to) {
  execFileSync('ffmpeg', [
    ...['-loglevel', 'error', '-y', '-i', from, '-ar', '16000', '-ac', '1'],
    ...['-fflags', '+bitexact', '-map_metadata', '-1', to],
  ]);
}

/**
 * The seconds of direct decoding between two requests outlast the server's keep-alive: a
 * request sent on a socket the server is closing fails before it is read, so it is sent again.
 */
async function transcribe(bytes) {
  const send = () =>
    post(api, '/transcribe', bytes, { 'Content-Type': 'application/octet-stream' });
  try {
    return await send();
  } catch (error) {
    if (error?.cause?.code !== 'UND_ERR_SOCKET') throw error;
    return send();
  }
}

const work = mkdtempSync(join(tmpdir(), 'bench-transcribe-'));
const api = await startApi({ port: Number(args.port), vocabulary: false });
const voices = args.voices.split(',');
const blank = () => ({ api: 0, direct: 0, naive: 0, empty: 0, words: 0 });
const perVoice = new Map(voices.map((voice) => [voice, blank()]));
const times = { api: [], direct: [] };
let failures = 0;
try {
  for (const voice of voices) {
    const totals = perVoice.get(voice);
    for (const sentence of sentences) {
      const wav = execFileSync('espeak-ng', ['-v', voice, '-s', args.rate, '--stdout', sentence]);
      const reference = words(sentence);
      totals.words += reference.length;
      const response = await transcribe(new Uint8Array(wav));
      times.api.push(response.ms);
      const heard = response.status === 200 ? response.body.transcript : '';
      if (response.status !== 200) failures++;
      totals.api += editDistance(reference, words(heard));
      const raw = join(work, 'raw.wav');
      writeFileSync(raw, wav);
      totals.naive += editDistance(
        reference,
        words(decodeDirect(raw, ['-samprate', '22050', '-nfft', '1024']).text),
      );
      // The floor: the recognizer alone, with our flags, on the file ffmpeg resampled to 16 kHz.
      const resampled = join(work, 'sixteen.wav');
      resample16k(raw, resampled);
      const direct = decodeDirect(resampled, []);
      times.direct.push(direct.ms);
      totals.direct += editDistance(reference, words(direct.text));
      totals.empty += reference.length;
      if (args.verbose)
        console.log(`${voice} | ${sentence}\n  api:    ${heard}\n  direct: ${direct.text}`);
    }
  }
} finally {
  await api.stop();
  rmSync(work, { recursive: true, force: true });
}
const all = blank();
for (const totals of perVoice.values()) for (const key of Object.keys(all)) all[key] += totals[key];
const percent = (errors, totals) => (errors / totals.words) * 100;
const report = (label, totals) => {
  const ours = percent(totals.api, totals);
  const floor = percent(totals.direct, totals);
  console.log(
    `  ${label.padEnd(10)} WER POST /transcribe ${ours.toFixed(1)}% | engine direct (ffmpeg 16 kHz) ${floor.toFixed(1)}% | x${(ours / floor).toFixed(2)} | naive 22.05 kHz as is ${percent(totals.naive, totals).toFixed(1)}% | empty ${percent(totals.empty, totals).toFixed(1)}%  (${totals.words} words)`,
  );
};
console.log(
  `transcribe bench: ${sentences.length} sentences × voices ${args.voices}, espeak-ng ${args.rate} wpm`,
);
for (const [voice, totals] of perVoice) report(voice, totals);
if (perVoice.size > 1) report('all', all);
console.log(`  non-200 answers: ${failures}`);
const api50 = percentile(times.api, 50);
const direct50 = percentile(times.direct, 50);
console.log(
  `  latency p50: API ${api50.toFixed(0)} ms, recognizer alone ${direct50.toFixed(0)} ms, x${(api50 / direct50).toFixed(2)}`,
);
