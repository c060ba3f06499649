import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILES, startTestApp, type TestApp } from '../support/test-app.js';

type Json = Record<string, any>;

describe.each(PROFILES)('narrative summaries (%s profile)', (profile) => {
  let api: TestApp;
  let token: string;
  let templateId: string;

  const call = async (path: string, body: unknown) => {
    const response = await fetch(`${api.baseUrl}${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Json };
  };

  beforeAll(async () => {
    api = await startTestApp(profile);
    token = await api.token(await api.createClient('acme'));
    const created = await call('/fhir2summary/template', {
      name: 'summary',
      example_summary:
        "{{Patient.name.given|first}} {{Patient.name.family|first|upper}}, {{Patient.gender|default:'gender unknown'}}; " +
        "conditions ({{Condition.code|count}}): {{Condition.code|join:', '}}; last: {{Condition.onset|last|date:'MMM yyyy'}}; " +
        'weight {{Observation.value.ofType(Quantity)}}',
      target_resources: ['Patient', 'Condition', 'Observation'],
      mode: 'narrative',
    });
    templateId = created.body.template_id as string;
  });

  afterAll(async () => {
    await api?.close();
  });

  const data = {
    resourceType: 'Bundle',
    type: 'collection',
    entry: [
      {
        resource: { resourceType: 'Patient', id: 'p', name: [{ given: ['Ann'], family: 'Ames' }] },
      },
      {
        resource: {
          resourceType: 'Condition',
          subject: { reference: 'Patient/p' },
          code: { text: 'Asthma' },
          onsetDateTime: '1999-04-02',
        },
      },
      {
        resource: {
          resourceType: 'Condition',
          subject: { reference: 'Patient/p' },
          code: { text: 'Eczema' },
          onsetDateTime: '2004-09-30',
        },
      },
    ],
  };

  it('evaluates the placeholders with FHIRPath, applies the filters, and warns about what resolved to nothing', async () => {
    const response = await call('/fhir2summary/create', {
      template_id: templateId,
      fhir_resources: data,
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      message: expect.any(String),
      summary: 'Ann AMES, gender unknown; conditions (2): Asthma, Eczema; last: Sep 2004; weight ',
      warnings: [
        '<<Observation.value.ofType(Quantity)>> resolved to nothing (the input has no Observation)',
      ],
    });
  });

  it('takes narrative as the default mode', async () => {
    const response = await call('/fhir2summary/create', {
      template_id: templateId,
      fhir_resources: data.entry[0].resource,
    });
    expect(response.body.summary).toMatch(/^Ann AMES, gender unknown; conditions \(0\)/);
  });

  it('answers 413 for a body over the configured limit', async () => {
    const huge = {
      ...data,
      entry: [
        {
          resource: {
            resourceType: 'Patient',
            id: 'p',
            name: [{ text: 'x'.repeat(api.config.bodyLimitBytes) }],
          },
        },
      ],
    };
    const response = await call('/fhir2summary/create', {
      template_id: templateId,
      fhir_resources: huge,
    });
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({
      success: false,
      error: { code: 'REQUEST.BODY_TOO_LARGE' },
    });
  });

  it.each([
    ['no template_id', { fhir_resources: data }, 400, 'SUMMARY.TEMPLATE_REQUIRED'],
    [
      'an unknown template_id',
      { template_id: '00000000-0000-4000-8000-000000000000', fhir_resources: data },
      404,
      'SUMMARY.TEMPLATE_NOT_FOUND',
    ],
    [
      'a template_id that is not a uuid',
      { template_id: 'abc', fhir_resources: data },
      400,
      'REQUEST.VALIDATION_FAILED',
    ],
    ['no fhir_resources', { template_id: 'TEMPLATE' }, 400, 'REQUEST.VALIDATION_FAILED'],
    [
      'fhir_resources that is not FHIR',
      { template_id: 'TEMPLATE', fhir_resources: { patient: 'Ann' } },
      400,
      'SUMMARY.INVALID_FHIR',
    ],
    [
      'a Bundle entry with a wrong type, strict',
      {
        template_id: 'TEMPLATE',
        strict: true,
        fhir_resources: {
          resourceType: 'Bundle',
          type: 'collection',
          entry: [{ resource: { resourceType: 'Patient', active: 'yes' } }],
        },
      },
      400,
      'SUMMARY.INVALID_FHIR',
    ],
    [
      'an unknown mode',
      { mode: 'poem', template_id: 'TEMPLATE', fhir_resources: data },
      400,
      'REQUEST.VALIDATION_FAILED',
    ],
  ])('answers %s with %i %s', async (_label, body, status, code) => {
    const withTemplate = JSON.parse(
      JSON.stringify(body).replace('"TEMPLATE"', JSON.stringify(templateId)),
    ) as Json;
    const response = await call('/fhir2summary/create', withTemplate);
    expect(response.status).toBe(status);
    expect(response.body).toMatchObject({ success: false, error: { code } });
  });
});
