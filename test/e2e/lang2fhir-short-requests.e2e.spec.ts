import { existsSync } from 'node:fs';
import { CommandBus } from '@nestjs/cqrs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImportAthenaCommand } from '@app/vocabulary';
import { call, type JsonResponse } from '../support/fhir-http.js';
import { PROFILES, startTestApp, type TestApp } from '../support/test-app.js';

// Short requests a new user sends, with the Athena subset loaded after the app started (so the
// in-memory name index is rebuilt on the import event): brands, misspellings, strengths
// without forms, instructions and reported screenings.
const ATHENA = new URL('../../../shared/reference/omop/vocab/athena-subset', import.meta.url)
  .pathname;
const vocabulary = existsSync(ATHENA);
if (!vocabulary)
  console.warn(`lang2fhir short requests e2e: codes are not checked, ${ATHENA} is absent`);

const RXNORM = 'http://www.nlm.nih.gov/research/umls/rxnorm';
const SNOMED = 'http://snomed.info/sct';

type Json = Record<string, any>;

/** The resource of an answer, wrapped (`fhir_resource`) or bare. */
const resourceOf = (body: Json): Json => (body.fhir_resource ?? body) as Json;

describe.each(PROFILES)('lang2fhir short requests (%s profile)', (profile) => {
  let api: TestApp;
  let token: string;

  beforeAll(async () => {
    api = await startTestApp(profile, { RATE_LIMIT_MAX: '100000' });
    token = await api.token(await api.createClient('short-requests'));
    if (vocabulary) await api.app.get(CommandBus).execute(new ImportAthenaCommand(ATHENA));
  }, 240_000);

  afterAll(async () => {
    await api?.close();
  });

  const create = (resource: string, text: string): Promise<JsonResponse> =>
    call(`${api.baseUrl}/lang2fhir/create`, {
      method: 'POST',
      token,
      body: { resource, text },
      headers: { 'Content-Type': 'application/json' },
    });

  /** Every coding in `code` and each `…CodeableConcept` element. */
  const codings = (resource: Json) =>
    Object.entries(resource)
      .filter(([key]) => key === 'code' || key.endsWith('CodeableConcept'))
      .flatMap(([, value]) => ((value as Json).coding ?? []) as Json[])
      .map((coding) => `${String(coding.system)}|${String(coding.code)}`);

  it.each([
    // A strength before the name, no form: the one plain oral tablet of that strength.
    ['Prescribed 81mg aspirin once a day', '243670'],
    // A misspelt generic name, respelled to the vocabulary's word.
    ['Prescribed clopidogrell 75mg', '309362'],
    // A brand the built-in lexicon does not know, named in a branded drug of the vocabulary.
    ['Continue Epogen 4000 units/mL injection three times a week', '205923'],
  ])('codes "%s" as RxNorm %s and nothing else', async (text, code) => {
    const response = await create('medicationrequest', text);
    expect(response.status, response.text).toBe(200);
    const resource = resourceOf(response.body);
    expect(resource.resourceType).toBe('MedicationRequest');
    if (vocabulary) expect(codings(resource)).toEqual([`${RXNORM}|${code}`]);
  });

  it('builds a medication request for a brand no vocabulary holds, as text', async () => {
    const response = await create(
      'medicationrequest',
      'prescribed xeljanz 5mg for psoriatic arthritis',
    );
    expect(response.status, response.text).toBe(200);
    expect(resourceOf(response.body).medicationCodeableConcept.text).toMatch(/^xeljanz 5mg/);
  });

  it('codes the words a condition request is about, with one coding', async () => {
    const response = await create(
      'condition-encounter-diagnosis',
      'Pt dx with sprain of ankle today',
    );
    expect(response.status, response.text).toBe(200);
    const resource = resourceOf(response.body);
    expect(resource.code.text).toBe('sprain of ankle');
    if (vocabulary) expect(codings(resource)).toEqual([`${SNOMED}|44465007`]);
  });

  it('builds a questionnaire from an instruction that asks no question', async () => {
    const response = await create(
      'questionnaire',
      'Please indicate any history of asthma, eczema or hay fever in your children',
    );
    expect(response.status, response.text).toBe(200);
    const items = (resourceOf(response.body).item as Json[]).map((item) => [
      String(item.text),
      String(item.type),
    ]);
    expect(items).toEqual([
      ['History of asthma?', 'boolean'],
      ['History of eczema?', 'boolean'],
      ['History of hay fever in your children?', 'boolean'],
    ]);
  });

  it('builds a questionnaire response from a reported screening and its score', async () => {
    const response = await create(
      'questionnaireresponse',
      'Patient completed the PHQ-9 today, score of 16, indicating moderately severe depression',
    );
    expect(response.status, response.text).toBe(200);
    const resource = resourceOf(response.body);
    expect(resource.status).toBe('completed');
    expect(resource.item.map((item: Json): unknown => (item.answer as Json[])[0])).toEqual([
      { valueInteger: 16 },
      { valueString: 'moderately severe depression' },
    ]);
  });

  it('builds a named observation from a test the engine has no phrase for, with its value', async () => {
    const response = await create(
      'observation-clinical-result',
      'Six minute walk distance was 320.',
    );
    expect(response.status, response.text).toBe(200);
    const resource = resourceOf(response.body);
    expect(resource.resourceType).toBe('Observation');
    expect(resource.code.text).toBe('Six minute walk distance');
    expect(resource.valueQuantity.value).toBe(320);
  });

  it('reads a procedure the vocabulary names, reported as had, as a Procedure (auto)', async () => {
    const response = await create('auto', 'Pt had suture open wound on 4/11');
    expect(response.status, response.text).toBe(200);
    const resource = resourceOf(response.body);
    if (vocabulary) {
      expect(resource.resourceType).toBe('Procedure');
      expect(codings(resource)).toEqual([`${SNOMED}|288086009`]);
    }
  });

  it('codes the reason an order names after "for" when the engine finds none', async () => {
    const response = await create(
      'servicerequest',
      'Refer to physical therapy for pulmonary emphysema',
    );
    expect(response.status, response.text).toBe(200);
    const resource = resourceOf(response.body);
    expect(resource.reasonCode[0].text).toBe('pulmonary emphysema');
    if (vocabulary) expect(resource.reasonCode[0].coding[0].code).toBe('87433001');
  });

  it('answers 422 with a message that reads well when the text names no drug', async () => {
    const response = await create('medicationrequest', 'Feels better today.');
    expect(response.status).toBe(422);
    expect(response.body.error.code).toBe('LANG2FHIR.NOTHING_FOUND');
    expect(response.body.message).toBe(
      'Nothing in the text can make a medicationrequest resource: it needs a medication (a drug or brand name the vocabulary or built-in lexicon knows)',
    );
  });
});
