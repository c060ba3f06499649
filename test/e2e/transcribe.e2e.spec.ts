import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installed, spokenWav } from '../support/sample-documents.js';
import { PROFILES, startTestApp, type TestApp } from '../support/test-app.js';

const engine = installed('pocketsphinx_continuous') && installed('espeak-ng');
if (!engine)
  console.warn(
    'transcribe e2e: recognition is not checked, pocketsphinx_continuous or espeak-ng is absent (apt-get install -y pocketsphinx pocketsphinx-en-us espeak-ng)',
  );
const ffmpeg = installed('ffmpeg');
if (!ffmpeg) console.warn('transcribe e2e: FLAC and OGG are not checked, ffmpeg is absent');

// Synthetic speech is hard for a model trained on people: a sentence of common words, and a
// loose check (some of its words come back), since the figure itself is measured in bench/.
const SENTENCE = 'I would like to make an appointment for next week';

async function transcribe(
  api: TestApp,
  token: string,
  body: Buffer,
  query = '',
  type = 'application/octet-stream',
) {
  const response = await fetch(`${api.baseUrl}/transcribe${query}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': type },
    body,
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

/** Words of the transcript that are words of the sentence. */
function hits(transcript: string, sentence: string): number {
  const spoken = new Set(sentence.toLowerCase().split(/\s+/));
  return transcript
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => spoken.has(word)).length;
}

describe.each(PROFILES)('POST /transcribe (%s profile)', (profile) => {
  let api: TestApp;
  let token: string;

  beforeAll(async () => {
    api = await startTestApp(profile, { RATE_LIMIT_MAX: '100000' });
    token = await api.token(await api.createClient('voice'));
  }, 120_000);

  afterAll(async () => {
    await api?.close();
  });

  it.skipIf(!engine)(
    'transcribes a sentence spoken by espeak-ng (WAV, 22.05 kHz)',
    async () => {
      const response = await transcribe(api, token, spokenWav(SENTENCE));
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(typeof response.body.transcript).toBe('string');
      expect(hits(response.body.transcript as string, SENTENCE)).toBeGreaterThanOrEqual(3);
    },
    60_000,
  );

  it.skipIf(!engine || !ffmpeg)(
    'decodes FLAC and OGG through ffmpeg',
    async () => {
      const wav = spokenWav(SENTENCE);
      for (const [format, args] of [
        ['flac', ['-f', 'flac']],
        ['ogg', ['-c:a', 'libopus', '-f', 'ogg']],
      ] as const) {
        const encoded = execFileSync(
          'ffmpeg',
          ['-hide_banner', '-loglevel', 'error', '-i', 'pipe:0', ...args, 'pipe:1'],
          { input: wav, maxBuffer: 64 * 1024 * 1024 },
        );
        const response = await transcribe(api, token, encoded, '', `audio/${format}`);
        expect(response.status, `${format}: ${JSON.stringify(response.body)}`).toBe(200);
        expect(hits(response.body.transcript as string, SENTENCE)).toBeGreaterThanOrEqual(3);
      }
    },
    90_000,
  );

  it('answers 400 for an empty body, bytes that are not audio, and more than 4 languages', async () => {
    const empty = await transcribe(api, token, Buffer.alloc(0));
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/empty/);
    const text = await transcribe(api, token, Buffer.from('hello, this is not audio'));
    expect(text.status).toBe(400);
    expect(text.body.message).toMatch(/WAV, FLAC, MP3 or OGG/);
    const languages = await transcribe(
      api,
      token,
      Buffer.from('RIFF'),
      '?language=en-US&language=en-GB&language=fr-FR&language=de-DE&language=es-ES',
    );
    expect(languages.status).toBe(400);
    expect(languages.body.error.code).toBe('VOICE.UNSUPPORTED_LANGUAGE');
  });
});

describe('POST /transcribe without a recognizer', () => {
  let api: TestApp;
  let token: string;

  beforeAll(async () => {
    // A recognizer that is not there: what a server without the Debian packages sees.
    process.env.TRANSCRIBE_POCKETSPHINX = '/nonexistent/pocketsphinx_continuous';
    api = await startTestApp('embedded');
    token = await api.token(await api.createClient('voice-missing'));
  }, 120_000);

  afterAll(async () => {
    delete process.env.TRANSCRIBE_POCKETSPHINX;
    await api?.close();
  });

  it('answers 503 naming the command that installs it', async () => {
    const wav = Buffer.alloc(44 + 3200);
    wav.write('RIFF', 0, 'latin1');
    wav.write('WAVE', 8, 'latin1');
    const response = await transcribe(api, token, wav);
    expect(response.status).toBe(503);
    expect(response.body.success).toBe(false);
    expect(response.body.message).toContain('apt-get install -y pocketsphinx pocketsphinx-en-us');
  });
});
