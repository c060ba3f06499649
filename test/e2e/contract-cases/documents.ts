import { sendDocumentExamples } from '../../support/contract/document-examples.js';
import type { ContractCase } from '../../support/contract/contract-case.js';
import { installed, linesImage, spokenWav, textPdf } from '../../support/sample-documents.js';

const CORRUPT_PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog', 'latin1').toString('base64');

export const cases: ContractCase[] = [
  {
    operation: 'POST /lang2fhir/document',
    title: 'a PDF and a PNG come back as bare FHIR resources; 400 not base64; 422 corrupt PDF',
    run: async (context) => {
      const pdf = await textPdf([['Problem list: essential hypertension since 2015.']]);
      const png = linesImage(['Type 2 diabetes mellitus diagnosed in 2019.']);
      return [
        await context.call('POST', '/lang2fhir/document', {
          body: {
            version: 'R4',
            resource: 'condition-problems-health-concerns',
            content: pdf.toString('base64'),
          },
        }),
        await context.call('POST', '/lang2fhir/document', {
          body: { version: 'R4', resource: 'auto', content: png.toString('base64') },
        }),
        await context.call('POST', '/lang2fhir/document', {
          body: { version: 'R4', resource: 'auto', content: '%%% not base64 %%%' },
        }),
        await context.call('POST', '/lang2fhir/document', {
          body: { version: 'R4', resource: 'auto', content: CORRUPT_PDF },
        }),
        ...(await sendDocumentExamples(context, 'POST /lang2fhir/document', '/lang2fhir/document')),
      ];
    },
  },
  {
    operation: 'POST /lang2fhir/document/multi',
    title: 'a two-page PDF as a transaction Bundle with source pages; 400 missing content',
    run: async (context) => {
      const pdf = await textPdf([
        ['Maria Lopez, a 58 year old female, was seen today.'],
        ['She has type 2 diabetes mellitus. Takes lisinopril 10 mg tablet daily.'],
      ]);
      return [
        await context.call('POST', '/lang2fhir/document/multi', {
          body: { version: 'R4', content: pdf.toString('base64'), provider: 'medplum' },
        }),
        await context.call('POST', '/lang2fhir/document/multi', { body: { version: 'R4' } }),
        ...(await sendDocumentExamples(
          context,
          'POST /lang2fhir/document/multi',
          '/lang2fhir/document/multi',
        )),
      ];
    },
  },
  {
    operation: 'POST /transcribe',
    title: 'a spoken WAV (or 503 without an engine); 400 empty body and not audio',
    run: async (context) => {
      const octets = { 'content-type': 'application/octet-stream' };
      // espeak-ng speaks the sentence when installed; else a second of silence, which the
      // recognizer answers with 400 (no speech) or the server with 503 (no recognizer).
      const speech =
        installed('espeak-ng') && installed('pocketsphinx_continuous')
          ? spokenWav('I would like to make an appointment for next week')
          : silentWav();
      return [
        await context.call('POST', '/transcribe', { rawBody: speech, headers: octets }),
        await context.call('POST', '/transcribe', {
          rawBody: speech,
          headers: octets,
          query: { language: 'en-US' },
        }),
        await context.call('POST', '/transcribe', { rawBody: new Uint8Array(0), headers: octets }),
        await context.call('POST', '/transcribe', {
          rawBody: new TextEncoder().encode('not audio'),
          headers: octets,
        }),
      ];
    },
  },
];

function silentWav(): Buffer {
  const wav = Buffer.alloc(44 + 32_000);
  wav.write('RIFF', 0, 'latin1');
  wav.writeUInt32LE(36 + 32_000, 4);
  wav.write('WAVEfmt ', 8, 'latin1');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(16_000, 24);
  wav.writeUInt32LE(32_000, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36, 'latin1');
  wav.writeUInt32LE(32_000, 40);
  return wav;
}
