import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type JsonResponse } from '../support/fhir-http.js';
import { linesImage, scannedPdf, textPdf } from '../support/sample-documents.js';
import { PROFILES, startTestApp, type TestApp } from '../support/test-app.js';

type Json = Record<string, any>;

describe.each(PROFILES)('POST /lang2fhir/document (%s profile)', (profile) => {
  let api: TestApp;
  let token: string;

  beforeAll(async () => {
    api = await startTestApp(profile, { RATE_LIMIT_MAX: '100000' });
    token = await api.token(await api.createClient('documents'));
  }, 120_000);

  afterAll(async () => {
    await api?.close();
  });

  const post = (path: string, body: Json, query = ''): Promise<JsonResponse> =>
    call(`${api.baseUrl}${path}${query}`, {
      method: 'POST',
      token,
      body,
      headers: { 'Content-Type': 'application/json' },
    });

  it('reads a PDF text layer and points derivations into the extracted text', async () => {
    const pdf = await textPdf([['Assessment: essential hypertension since 2015.']]);
    const response = await post(
      '/lang2fhir/document',
      {
        version: 'R4',
        resource: 'condition-problems-health-concerns',
        content: pdf.toString('base64'),
      },
      '?details=true',
    );
    expect(response.status).toBe(200);
    const body = response.body as Json;
    expect(body.fhir_resource.resourceType).toBe('Condition');
    expect(body.document.method).toBe('pdf-text');
    const text: string = body.document.text;
    expect(text).toContain('essential hypertension');
    const code = (body.derivations as Json[]).find((derivation) =>
      derivation.path.startsWith('code'),
    );
    expect(code).toBeDefined();
    expect(text.slice(code!.start, code!.end)).toBe(code!.text);
    expect(code!.text.toLowerCase()).toContain('hypertension');
  });

  it('answers the bare resource by default', async () => {
    const pdf = await textPdf([['Type 2 diabetes mellitus diagnosed in 2019.']]);
    const response = await post('/lang2fhir/document', {
      version: 'R4',
      resource: 'auto',
      content: pdf.toString('base64'),
    });
    expect(response.status).toBe(200);
    expect(response.body.resourceType).toBe('Condition');
  });

  it('reads a PNG and a JPEG by OCR', async () => {
    for (const type of ['image/png', 'image/jpeg'] as const) {
      const image = linesImage(['Blood pressure 150/95 mmHg measured today.'], type);
      const response = await post(
        '/lang2fhir/document',
        { version: 'R4', resource: 'vital-signs', content: image.toString('base64') },
        '?details=true',
      );
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body.document.method).toBe('ocr');
      expect(JSON.stringify(response.body.fhir_resource)).toContain('150');
    }
  }, 120_000);

  it('falls back to OCR of the page image for a scanned PDF', async () => {
    const pdf = await scannedPdf(linesImage(['Diagnosis: asthma. Albuterol inhaler as needed.']));
    const response = await post(
      '/lang2fhir/document',
      {
        version: 'R4',
        resource: 'condition-problems-health-concerns',
        content: pdf.toString('base64'),
      },
      '?details=true',
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.document.method).toBe('pdf-ocr');
    expect(response.body.document.text.toLowerCase()).toContain('asthma');
  }, 120_000);

  it('multi: a Bundle whose resources carry the pages they came from', async () => {
    const pdf = await textPdf([
      ['Maria Lopez, a 58 year old female, was seen today.'],
      ['She has type 2 diabetes mellitus.', 'Takes lisinopril 10 mg tablet daily.'],
    ]);
    const response = await post('/lang2fhir/document/multi', {
      version: 'R4',
      content: pdf.toString('base64'),
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const body = response.body as Json;
    expect(body.bundle.type).toBe('transaction');
    const types = (body.resources as Json[]).map((resource) => String(resource.resourceType));
    expect(types).toEqual(expect.arrayContaining(['Patient', 'Condition', 'MedicationRequest']));
    const condition = (body.resources as Json[]).find(
      (resource) => resource.resourceType === 'Condition',
    );
    expect(condition!.sourcePages).toEqual([2]);
    const patient = (body.resources as Json[]).find(
      (resource) => resource.resourceType === 'Patient',
    );
    expect(patient!.sourcePages).toContain(1);
  });

  it('answers 400 for content that is not base64, 415 for an unsupported file, 422 for a corrupt PDF', async () => {
    const notBase64 = await post('/lang2fhir/document', {
      version: 'R4',
      resource: 'auto',
      content: 'not base64 at all!',
    });
    expect(notBase64.status).toBe(400);
    expect(notBase64.body.error.code).toBe('LANG2FHIR.INVALID_DOCUMENT');
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1').toString('base64');
    const unsupported = await post('/lang2fhir/document', {
      version: 'R4',
      resource: 'auto',
      content: gif,
    });
    expect(unsupported.status).toBe(415);
    expect(unsupported.body.message).toMatch(/PDF, PNG, JPEG, TIFF/);
    const corrupt = Buffer.from(
      '%PDF-1.7\n1 0 obj << /Type /Catalog >> garbage',
      'latin1',
    ).toString('base64');
    const unreadable = await post('/lang2fhir/document/multi', { version: 'R4', content: corrupt });
    expect(unreadable.status).toBe(422);
    expect(unreadable.body.success).toBe(false);
    const truncatedPng = linesImage(['Hypertension.']).subarray(0, 200).toString('base64');
    const badImage = await post('/lang2fhir/document', {
      version: 'R4',
      resource: 'auto',
      content: truncatedPng,
    });
    expect(badImage.status).toBe(422);
  }, 60_000);

  it('answers 422 for more pages than the page cap and for a page of nothing', async () => {
    // The default cap is 30 pages.
    const long = await textPdf(Array.from({ length: 31 }, () => ['Hypertension.']));
    const tooLong = await post('/lang2fhir/document', {
      version: 'R4',
      resource: 'auto',
      content: long.toString('base64'),
    });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.error.code).toBe('LANG2FHIR.TOO_MANY_PAGES');
    const blank = await textPdf([[]]);
    const empty = await post('/lang2fhir/document', {
      version: 'R4',
      resource: 'auto',
      content: blank.toString('base64'),
    });
    expect(empty.status).toBe(422);
    expect(empty.body.error.code).toBe('LANG2FHIR.NO_TEXT_IN_DOCUMENT');
  });
});
