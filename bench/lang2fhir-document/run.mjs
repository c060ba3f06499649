#!/usr/bin/env node
// Documents through POST /lang2fhir/document/multi: Synthea DocumentReference notes (the shared
// bulk export) rendered to a PDF with a text layer and to a PNG of the page, next to the same
// text through POST /lang2fhir/create/multi. Scores, per note, whether the document gives the
// same set of codes (system|code of every coding in the Bundle) as the plain text, beside a
// naive baseline (the PDF's text operators pulled out by regex, sent as text), and times each
// path next to the plain-text one. Embedded profile, API on port 3240.
//
//   npm run build && node bench/lang2fhir-document/run.mjs [--notes 30] [--lines 40] [--port 3240]
import { Buffer } from 'node:buffer';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { percentile, post, reference, startApi } from './api.mjs';
import { naivePdfText } from './naive-pdf-text.mjs';
import { printable, toPdf, toPng } from './render.mjs';

const { values: args } = parseArgs({
  options: {
    notes: { type: 'string', default: '30' },
    lines: { type: 'string', default: '40' },
    port: { type: 'string', default: '3240' },
    verbose: { type: 'boolean', default: false },
  },
});
const source = join(
  reference,
  'fhir',
  'synthea-bulk-ndjson-13-patients',
  'DocumentReference.000.ndjson.gz',
);
if (!existsSync(source)) {
  console.log(`SKIP: ${source} is absent`);
  process.exit(0);
}

/** Every N-th note, cut to its first lines (one page), so PDF, PNG and text carry the same words. */
function sampleNotes(count, lines) {
  const rows = gunzipSync(readFileSync(source)).toString('utf8').trim().split('\n');
  const step = Math.max(1, Math.floor(rows.length / count));
  const notes = [];
  for (let index = 0; index < rows.length && notes.length < count; index += step) {
    const data = JSON.parse(rows[index]).content?.[0]?.attachment?.data;
    if (!data) continue;
    const text = Buffer.from(data, 'base64')
      .toString('utf8')
      .split('\n')
      .slice(0, lines)
      .join('\n');
    notes.push({ id: JSON.parse(rows[index]).id, text: printable(text).trim() });
  }
  return notes;
}

function codesOf(body) {
  const codes = new Set();
  const walk = (value) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      if (Array.isArray(value.coding))
        for (const coding of value.coding)
          if (coding.system && coding.code) codes.add(`${coding.system}|${coding.code}`);
      Object.values(value).forEach(walk);
    }
  };
  for (const entry of body?.bundle?.entry ?? []) walk(entry.resource);
  return codes;
}

const same = (a, b) => a.size === b.size && [...a].every((code) => b.has(code));
const jaccard = (a, b) => {
  const union = new Set([...a, ...b]);
  return union.size === 0 ? 1 : [...a].filter((code) => b.has(code)).length / union.size;
};

const notes = sampleNotes(Number(args.notes), Number(args.lines));
console.log(
  `lang2fhir-document bench: ${notes.length} Synthea notes (first ${args.lines} lines each), embedded profile`,
);
const api = await startApi({ port: Number(args.port) });
console.log(`  vocabularies: ${api.vocabularies.join(', ') || 'none (built-in lexicon only)'}`);
const paths = { pdf: [], png: [], naive: [] };
const timings = { text: [], pdf: [], png: [], naive: [] };
let failures = 0;
try {
  for (const [index, note] of notes.entries()) {
    const text = await post(api, '/lang2fhir/create/multi', { version: 'R4', text: note.text });
    const pdfBytes = await toPdf(note.text);
    const pdf = await post(api, '/lang2fhir/document/multi', {
      version: 'R4',
      content: pdfBytes.toString('base64'),
    });
    const png = await post(api, '/lang2fhir/document/multi', {
      version: 'R4',
      content: toPng(note.text).toString('base64'),
    });
    const naive = await post(api, '/lang2fhir/create/multi', {
      version: 'R4',
      text: naivePdfText(pdfBytes) || ' ',
    });
    const expected = codesOf(text.body);
    for (const [name, response] of Object.entries({ text, pdf, png, naive })) {
      timings[name].push(response.ms);
      if (name === 'text') continue;
      if (response.status !== 200) failures++;
      const codes = codesOf(response.body);
      if (args.verbose && !same(codes, expected))
        console.log(
          `\n  ${note.id} ${name}: missing ${[...expected].filter((c) => !codes.has(c)).join(' ')}; extra ${[...codes].filter((c) => !expected.has(c)).join(' ')}`,
        );
      paths[name].push({ same: same(codes, expected), jaccard: jaccard(codes, expected) });
    }
    process.stdout.write(`\r  ${index + 1}/${notes.length} notes`);
  }
} finally {
  await api.stop();
}
console.log('');
const rate = (rows) => rows.filter((row) => row.same).length / rows.length;
const mean = (rows) => rows.reduce((sum, row) => sum + row.jaccard, 0) / rows.length;
const pct = (value) => `${(value * 100).toFixed(1)}%`;
console.log('\nSame codes as the plain text (per note; mean Jaccard of the code sets):');
console.log(
  `  PDF  (pdf.js text layer)     ${pct(rate(paths.pdf))}  (Jaccard ${mean(paths.pdf).toFixed(3)})  target >= 90%`,
);
console.log(
  `  PNG  (tesseract.js OCR)      ${pct(rate(paths.png))}  (Jaccard ${mean(paths.png).toFixed(3)})  target >= 90%`,
);
console.log(
  `  naive PDF text (regex Tj)    ${pct(rate(paths.naive))}  (Jaccard ${mean(paths.naive).toFixed(3)})  baseline`,
);
console.log(`  non-200 answers on document paths: ${failures}`);
const p50 = (name) => percentile(timings[name], 50);
console.log('\nLatency p50 over HTTP, sequential (ratio to the plain-text path):');
for (const name of ['text', 'naive', 'pdf', 'png'])
  console.log(
    `  ${name.padEnd(6)} ${p50(name).toFixed(0).padStart(6)} ms   x${(p50(name) / p50('text')).toFixed(1)}`,
  );
