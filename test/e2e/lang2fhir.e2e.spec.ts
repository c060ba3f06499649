import { existsSync } from 'node:fs';
import { CommandBus } from '@nestjs/cqrs';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { RefreshBuiltinSystemsCommand } from '@app/construe';
import { FhirClients } from '@app/fhir-provider';
import { ImportAthenaCommand } from '@app/vocabulary';
import { call, type JsonResponse } from '../support/fhir-http.js';
import { FhirTestServer } from '../support/fhir-test-server.js';
import { PROFILES, startTestApp, type TestApp } from '../support/test-app.js';

const REFERENCE = new URL('../../../shared/reference/', import.meta.url).pathname;
const ATHENA = `${REFERENCE}omop/vocab/athena-subset`;
const vocabulary = existsSync(ATHENA);
if (!vocabulary)
  console.warn(`lang2fhir e2e: codes are not checked, the vocabulary subset is absent (${ATHENA})`);

const SETTINGS = {
  FHIR_OUTBOUND_ALLOW_LOOPBACK: 'true',
  FHIR_CLIENT_RETRY_BASE_MS: '20',
  LANG2FHIR_FIXUP_BACKOFF_MS: '50',
};

const SNOMED = 'http://snomed.info/sct';
const RXNORM = 'http://www.nlm.nih.gov/research/umls/rxnorm';
const MAX_TEXT_BYTES = 100 * 1024;

const NOTE =
  'John Smith, a 58 year old male, MRN 7781234, was seen in clinic today. ' +
  'He has type 2 diabetes mellitus and hypertension. He denies chest pain. ' +
  'BP 148/92, HR 84. Takes lisinopril 10 mg tablet daily.';

type Json = Record<string, any>;

/** Every `reference` string anywhere in a resource. */
function referencesIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) referencesIn(item, found);
  else if (typeof value === 'object' && value !== null) {
    const holder = value as Json;
    if (typeof holder.reference === 'string') found.push(holder.reference);
    for (const child of Object.values(holder)) referencesIn(child, found);
  }
  return found;
}

describe.each(PROFILES)('lang2fhir over HTTP (%s profile)', (profile) => {
  let api: TestApp;
  let server: FhirTestServer;
  let token: string;
  let otherToken: string;
  let provider: { id: string; name: string };

  beforeAll(async () => {
    Object.assign(process.env, SETTINGS);
    server = await new FhirTestServer().start();
    api = await startTestApp(profile, { RATE_LIMIT_MAX: '100000' });
    token = await api.token(await api.createClient('acme'));
    otherToken = await api.token(await api.createClient('globex'));
    if (vocabulary) {
      const commands = api.app.get(CommandBus);
      const athena = await commands.execute(new ImportAthenaCommand(ATHENA));
      await commands.execute(new RefreshBuiltinSystemsCommand(athena.vocabularyIds));
    }
    const registered = await send('/fhir-provider', {
      name: `test-ehr-${profile}`,
      provider: 'hapi',
      base_url: server.fhirBase,
      auth: { auth_method: 'none' },
    });
    expect(registered.status, registered.text).toBe(201);
    provider = registered.body.data;
  }, 240_000);

  afterAll(async () => {
    for (const name of Object.keys(SETTINGS)) delete process.env[name];
    await api?.close();
    await server?.close();
  });

  beforeEach(() => {
    server.reset();
    server.requireAuth = false;
  });

  function send(
    path: string,
    body: unknown,
    headers: Record<string, string> = {},
    as = token,
  ): Promise<JsonResponse> {
    return call(`${api.baseUrl}${path}`, {
      method: 'POST',
      token: as,
      body,
      headers: { 'Content-Type': 'application/json', ...headers },
    });
  }

  const sandbox = (path: string) => call(`${api.baseUrl}/fhir/sandbox/${path}`, { token });
  const testServer = (path: string) => call(`${server.fhirBase}/${path}`);

  describe('POST /lang2fhir/create (no storage)', () => {
    it('builds a US Core condition with its code and the span of each element', async () => {
      const text = 'Patient has type 2 diabetes mellitus.';
      const response = await send('/lang2fhir/create?details=true', {
        resource: 'condition-problems-health-concerns',
        text,
      });
      expect(response.status, response.text).toBe(200);
      const condition = response.body.fhir_resource;
      expect(response.body).toMatchObject({
        success: true,
        resource_kind: 'condition-problems-health-concerns',
      });
      expect(condition.resourceType).toBe('Condition');
      expect(condition.meta.profile).toEqual([
        'http://hl7.org/fhir/us/core/StructureDefinition/us-core-condition-problems-health-concerns',
      ]);
      expect(condition.verificationStatus.coding[0].code).toBe('confirmed');
      expect(condition.id).toBeUndefined();
      // Without ?details=true the answer is the resource itself, as the public API document has it.
      const bare = await send('/lang2fhir/create', {
        resource: 'condition-problems-health-concerns',
        text,
      });
      expect(bare.status, bare.text).toBe(200);
      expect(bare.body.resourceType).toBe('Condition');
      expect(bare.body.code).toEqual(condition.code);
      expect(bare.body.success).toBeUndefined();
      const code = response.body.derivations.find((item: Json) => item.path === 'code');
      expect(text.slice(code.start, code.end)).toBe(code.text);
      expect(code.text.toLowerCase()).toContain('diabetes');
      if (vocabulary)
        expect(condition.code.coding).toContainEqual(
          expect.objectContaining({ system: SNOMED, code: '44054006' }),
        );
    });

    it.skipIf(!vocabulary)(
      'a profile bound to an is-a value set: the vocabulary hierarchy decides, an unmet binding is a 422',
      async () => {
        const profileBoundTo = (id: string, valueSet: string) => ({
          structure_definition: {
            resourceType: 'StructureDefinition',
            id,
            url: `http://acme.org/fhir/StructureDefinition/${id}`,
            kind: 'resource',
            abstract: false,
            type: 'Condition',
            baseDefinition: 'http://hl7.org/fhir/StructureDefinition/Condition',
            derivation: 'constraint',
            differential: {
              element: [
                {
                  id: 'Condition.code',
                  path: 'Condition.code',
                  min: 1,
                  binding: { strength: 'required', valueSet },
                },
              ],
            },
          },
        });
        // is-a holds the concept itself and what CONCEPT_ANCESTOR puts below it; 44054006
        // (type 2 diabetes) is not below 427089005 (diabetes due to cystic fibrosis).
        for (const [id, valueSet] of [
          ['acme-diabetes', `${SNOMED}?fhir_vs=isa/73211009`],
          ['acme-cf-diabetes-only', `${SNOMED}?fhir_vs=isa/427089005`],
        ]) {
          const uploaded = await send('/fhir/profiles', profileBoundTo(id, valueSet));
          expect(uploaded.status, uploaded.text).toBe(201);
        }
        const text = 'Patient has diabetes mellitus.';
        const inside = await send('/lang2fhir/create', { resource: 'acme-diabetes', text });
        expect(inside.status, inside.text).toBe(200);
        expect(inside.body.meta.profile).toEqual([
          'http://acme.org/fhir/StructureDefinition/acme-diabetes',
        ]);
        expect(inside.body.code.coding).toContainEqual(
          expect.objectContaining({ system: SNOMED, code: '73211009' }),
        );
        const outside = await send('/lang2fhir/create', {
          resource: 'acme-cf-diabetes-only',
          text: 'Patient has type 2 diabetes mellitus.',
        });
        expect(outside.status, outside.text).toBe(422);
        expect(outside.body.error.details.unbound).toEqual([
          `Condition.code (value set ${SNOMED}?fhir_vs=isa/427089005)`,
        ]);
      },
    );

    it('never states a denied finding as present', async () => {
      const response = await send('/lang2fhir/create?details=true', {
        resource: 'condition-problems-health-concerns',
        text: 'No evidence of pneumonia.',
      });
      expect(response.status, response.text).toBe(200);
      expect(response.body.fhir_resource.verificationStatus.coding[0].code).toBe('refuted');
    });

    it('codes a medication at the strength and form the text gives', async () => {
      const response = await send('/lang2fhir/create?details=true', {
        resource: 'medicationrequest',
        text: 'Start lisinopril 10 mg tablet by mouth once daily.',
      });
      expect(response.status, response.text).toBe(200);
      const request = response.body.fhir_resource;
      expect(request).toMatchObject({
        resourceType: 'MedicationRequest',
        status: 'active',
        intent: 'order',
      });
      expect(request.dosageInstruction?.length).toBe(1);
      if (vocabulary)
        expect(request.medicationCodeableConcept.coding).toContainEqual(
          expect.objectContaining({ system: RXNORM, code: '314076' }),
        );
    });

    it('detects the kind with auto, and builds forms and coverage from the text alone', async () => {
      const vitals = await send('/lang2fhir/create?details=true', {
        resource: 'auto',
        text: 'BP 132/84 mmHg.',
      });
      expect(vitals.status, vitals.text).toBe(200);
      expect(vitals.body.resource_kind).toBe('vital-signs');
      expect(vitals.body.fhir_resource.code.coding[0].code).toBe('85354-9');

      const coverage = await send('/lang2fhir/create?details=true', {
        resource: 'auto',
        text: 'Insured by Aetna, member ID W123456789, group 55501.',
      });
      expect(coverage.status, coverage.text).toBe(200);
      expect(coverage.body.resource_kind).toBe('coverage');
      expect(coverage.body.fhir_resource.subscriberId).toBe('W123456789');

      const answers = await send('/lang2fhir/create?details=true', {
        resource: 'questionnaireresponse',
        text: 'Do you smoke? No. How many drinks per week? 3.',
      });
      expect(answers.status, answers.text).toBe(200);
      expect(
        answers.body.fhir_resource.item.map((item: Json) => item.answer[0] as unknown),
      ).toEqual([{ valueBoolean: false }, { valueInteger: 3 }]);
    });

    it('answers 400 for an unknown resource (listing the allowed ones), empty text and another FHIR version', async () => {
      const unknown = await send('/lang2fhir/create?details=true', {
        resource: 'medication',
        text: 'x',
      });
      expect(unknown.status).toBe(400);
      // Not a kind and not an uploaded profile id: the message lists the kinds.
      expect(unknown.body.error.code).toBe('LANG2FHIR.UNKNOWN_RESOURCE');
      expect(unknown.body.message).toContain('condition-problems-health-concerns');
      for (const text of ['', '   \n ']) {
        const empty = await send('/lang2fhir/create?details=true', { resource: 'auto', text });
        expect(empty.status).toBe(400);
        expect(empty.body.error.code).toBe('LANG2FHIR.EMPTY_TEXT');
      }
      const missing = await send('/lang2fhir/create?details=true', { resource: 'auto' });
      expect(missing.status).toBe(400);
      const r5 = await send('/lang2fhir/create?details=true', {
        resource: 'auto',
        text: 'BP 120/80',
        version: 'R5',
      });
      expect(r5.status).toBe(400);
      expect(r5.body.error.code).toBe('LANG2FHIR.UNSUPPORTED_FHIR_VERSION');
    });

    it('answers 422 when the text holds nothing to build the asked resource from', async () => {
      const response = await send('/lang2fhir/create?details=true', {
        resource: 'coverage',
        text: 'Feels well today.',
      });
      expect(response.status).toBe(422);
      expect(response.body.error.code).toBe('LANG2FHIR.NOTHING_FOUND');
      expect(response.body.message).toContain('insurer');
    });

    it('takes a text of exactly 100 KiB and refuses one byte more with 413', async () => {
      const sentence = 'Patient has hypertension. ';
      const atLimit = sentence
        .repeat(Math.ceil(MAX_TEXT_BYTES / sentence.length))
        .slice(0, MAX_TEXT_BYTES);
      expect(Buffer.byteLength(atLimit)).toBe(MAX_TEXT_BYTES);
      const accepted = await send('/lang2fhir/create?details=true', {
        resource: 'condition-problems-health-concerns',
        text: atLimit,
      });
      expect(accepted.status, accepted.text.slice(0, 300)).toBe(200);
      expect(accepted.body.fhir_resource.code.text.toLowerCase()).toContain('hypertension');

      const over = await send('/lang2fhir/create?details=true', {
        resource: 'auto',
        text: `${atLimit}x`,
      });
      expect(over.status).toBe(413);
      expect(over.body.error.code).toBe('LANG2FHIR.TEXT_TOO_LARGE');
      expect(over.body.message).toContain(String(MAX_TEXT_BYTES));
      const tool = await send('/tools/lang2fhir-and-create', {
        resource: 'auto',
        text: `${atLimit}x`,
      });
      expect(tool.status).toBe(413);
    }, 60_000);
  });

  describe('POST /tools/lang2fhir-and-create', () => {
    it('stores in the sandbox when no provider is named, and the resource reads back', async () => {
      const response = await send('/tools/lang2fhir-and-create', {
        resource: 'condition-problems-health-concerns',
        text: 'History of hypertension.',
      });
      expect(response.status, response.text).toBe(200);
      expect(response.body.fhir_id).toBe(response.body.fhir_resource.id);
      const stored = await sandbox(`Condition/${response.body.fhir_id}`);
      expect(stored.status).toBe(200);
      expect(stored.body.code.text.toLowerCase()).toContain('hypertension');
    });

    it('stores in a registered provider named by id or by name', async () => {
      for (const reference of [provider.id, provider.name]) {
        const response = await send('/tools/lang2fhir-and-create', {
          resource: 'vital-signs',
          text: 'Heart rate 72 bpm.',
          provider: reference,
        });
        expect(response.status, response.text).toBe(200);
        const stored = await testServer(`Observation/${response.body.fhir_id}`);
        expect(stored.status).toBe(200);
        expect(stored.body.code.coding[0].code).toBe('8867-4');
        expect(stored.body.valueQuantity.value).toBe(72);
      }
    });

    it('honours X-Service-On-Behalf-Of (the patient is the subject) and X-Service-Fhir-Provider (the caller token)', async () => {
      const passthrough = await send('/fhir-provider', {
        name: `passthrough-${profile}`,
        provider: 'hapi',
        base_url: server.fhirBase,
        auth: { auth_method: 'token_passthrough' },
      });
      expect(passthrough.status, passthrough.text).toBe(201);
      const id = passthrough.body.data.id;
      server.requireAuth = true;
      server.acceptToken('caller-token-42');
      const response = await send(
        '/tools/lang2fhir-and-create',
        { resource: 'condition-problems-health-concerns', text: 'Asthma.', provider: id },
        {
          'X-Service-On-Behalf-Of': 'Patient/pat-123',
          'X-Service-Fhir-Provider': `${id}:caller-token-42`,
        },
      );
      expect(response.status, response.text).toBe(200);
      expect(response.body.fhir_resource.subject).toEqual({ reference: 'Patient/pat-123' });
      expect(server.fhirRequests.at(-1)?.authorization).toBe('Bearer caller-token-42');

      const malformed = await send(
        '/tools/lang2fhir-and-create',
        { resource: 'auto', text: 'Asthma.' },
        { 'X-Service-On-Behalf-Of': 'Organization/1' },
      );
      expect(malformed.status).toBe(400);
      expect(malformed.body.error.code).toBe('FHIR_PROVIDER.INVALID_ON_BEHALF_OF');
    });

    it("answers 404 for an unknown provider and for another account's provider", async () => {
      const unknown = await send('/tools/lang2fhir-and-create', {
        resource: 'auto',
        text: 'Asthma.',
        provider: 'no-such-ehr',
      });
      expect(unknown.status).toBe(404);
      expect(unknown.body.error.code).toBe('FHIR_PROVIDER.NOT_FOUND');
      const foreign = await send(
        '/tools/lang2fhir-and-create',
        { resource: 'auto', text: 'Asthma.', provider: provider.id },
        {},
        otherToken,
      );
      expect(foreign.status).toBe(404);
    });
  });

  describe('POST /tools/lang2fhir-and-create-multi', () => {
    async function expectResolvable(
      bundle: Json,
      read: (reference: string) => Promise<JsonResponse>,
    ): Promise<string[]> {
      const checked: string[] = [];
      for (const entry of bundle.entry) {
        const location = entry.response.location as string;
        const [type, id] = location
          .replace(/^.*?([A-Z][A-Za-z]+\/[^/]+)(\/_history\/.*)?$/, '$1')
          .split('/');
        const stored = await read(`${type}/${id}`);
        expect(stored.status).toBe(200);
        for (const reference of referencesIn(stored.body)) {
          expect(reference).not.toMatch(/^urn:uuid:/);
          const target = await read(reference);
          expect(target.status, `${type}/${id} → ${reference}`).toBe(200);
          checked.push(reference);
        }
      }
      return checked;
    }

    it('links patient, conditions, medication and vitals in one transaction the server resolves', async () => {
      const response = await send('/tools/lang2fhir-and-create-multi', {
        text: NOTE,
        provider: provider.name,
      });
      expect(response.status, response.text).toBe(200);
      const { response_bundle: bundle, resource_info: info } = response.body;
      expect(bundle.resourceType).toBe('Bundle');
      expect(bundle.type).toBe('transaction-response');
      expect(response.body.reference_fixup).toBeUndefined();
      const types = info.map((item: Json) => String(item.resourceType));
      expect(types[0]).toBe('Patient');
      expect(types).toEqual(
        expect.arrayContaining(['Condition', 'MedicationRequest', 'Observation']),
      );
      for (const item of info) expect(item.tempId).toMatch(/^urn:uuid:/);
      expect(
        response.body.skipped.map((item: Json) => String(item.text).toLowerCase()),
      ).toContainEqual(expect.stringContaining('chest pain'));
      const references = await expectResolvable(bundle, testServer);
      expect(references.some((reference) => reference.startsWith('Patient/'))).toBe(true);
    });

    it('fixes references the server leaves unresolved with follow-up PUTs (a job), then every reference reads back', async () => {
      server.resolveUrnReferences = false;
      const before = server.fhirRequests.length;
      const response = await send('/tools/lang2fhir-and-create-multi', {
        text: NOTE,
        provider: provider.id,
        version: 'R4',
      });
      expect(response.status, response.text).toBe(200);
      const fixup = response.body.reference_fixup;
      expect(fixup.status).toBe('completed');
      expect(fixup.updated.length).toBe(response.body.resource_info.length - 1);
      expect(response.body.message).toContain('follow-up PUTs');
      const puts = server.fhirRequests.slice(before).filter((request) => request.method === 'PUT');
      expect(puts.length).toBe(fixup.updated.length);
      const references = await expectResolvable(response.body.response_bundle, testServer);
      expect(references.length).toBeGreaterThanOrEqual(fixup.updated.length);

      const status = await call(`${api.baseUrl}/lang2fhir/reference-fixups/${fixup.id}`, { token });
      expect(status.status).toBe(200);
      expect(status.body.data).toMatchObject({ id: fixup.id, status: 'completed' });
      const foreign = await call(`${api.baseUrl}/lang2fhir/reference-fixups/${fixup.id}`, {
        token: otherToken,
      });
      expect(foreign.status).toBe(404);
    });

    it('asks fhir-provider for one FHIR client per request, the follow-up PUTs included', async () => {
      server.resolveUrnReferences = false;
      const clients = vi.spyOn(api.app.get(FhirClients), 'forProvider');
      try {
        const response = await send('/tools/lang2fhir-and-create-multi', {
          text: NOTE,
          provider: provider.id,
        });
        expect(response.status, response.text).toBe(200);
        expect(response.body.reference_fixup.status).toBe('completed');
        expect(clients).toHaveBeenCalledTimes(1);
      } finally {
        clients.mockRestore();
      }
    });

    it('runs the follow-up PUTs of a token_passthrough provider with the caller token, kept sealed meanwhile', async () => {
      const registered = await send('/fhir-provider', {
        name: `passthrough-multi-${profile}`,
        provider: 'hapi',
        base_url: server.fhirBase,
        auth: { auth_method: 'token_passthrough' },
      });
      const id = registered.body.data.id;
      server.requireAuth = true;
      server.acceptToken('multi-token-7');
      server.resolveUrnReferences = false;
      const before = server.fhirRequests.length;
      const response = await send(
        '/tools/lang2fhir-and-create-multi',
        { text: NOTE, provider: id },
        { 'X-Service-Fhir-Provider': `${id}:multi-token-7` },
      );
      expect(response.status, response.text).toBe(200);
      expect(response.body.success).toBe(true);
      expect(response.body.reference_fixup.status).toBe('completed');
      const puts = server.fhirRequests.slice(before).filter((request) => request.method === 'PUT');
      expect(puts.length).toBe(response.body.reference_fixup.updated.length);
      for (const put of puts) expect(put.authorization).toBe('Bearer multi-token-7');
      server.requireAuth = false;
      await expectResolvable(response.body.response_bundle, testServer);
      const unknown = await call(
        `${api.baseUrl}/lang2fhir/reference-fixups/00000000-0000-4000-8000-000000000000`,
        { token },
      );
      expect(unknown.status).toBe(404);
      expect(unknown.body.error.code).toBe('LANG2FHIR.FIXUP_NOT_FOUND');
    });

    it('stores the bundle in the sandbox, where references resolve in the transaction', async () => {
      const response = await send('/tools/lang2fhir-and-create-multi', {
        text: NOTE,
        provider: 'sandbox',
      });
      expect(response.status, response.text).toBe(200);
      expect(response.body.reference_fixup).toBeUndefined();
      await expectResolvable(response.body.response_bundle, sandbox);
    });

    it('answers 404 for an unknown provider, 400 without one, 400 for empty text and 413 for too much', async () => {
      const unknown = await send('/tools/lang2fhir-and-create-multi', {
        text: NOTE,
        provider: 'nope',
      });
      expect(unknown.status).toBe(404);
      const missing = await send('/tools/lang2fhir-and-create-multi', { text: NOTE });
      expect(missing.status).toBe(400);
      expect(missing.body.error.details[0].field).toBe('provider');
      const empty = await send('/tools/lang2fhir-and-create-multi', {
        text: ' ',
        provider: 'sandbox',
      });
      expect(empty.status).toBe(400);
      expect(empty.body.error.code).toBe('LANG2FHIR.EMPTY_TEXT');
      const large = await send('/tools/lang2fhir-and-create-multi', {
        text: 'a'.repeat(MAX_TEXT_BYTES + 1),
        provider: 'sandbox',
      });
      expect(large.status).toBe(413);
    });
  });
});
