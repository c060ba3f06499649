import { describe, expect, it } from 'vitest';
import { expectedFailure, loadConfig, type ExpectedFailure } from '@app/shared';
import type { SummaryTemplate } from '../../../domain/summary-template.js';
import { MedplumFhirValidator } from '../../../infrastructure/validation/medplum-fhir-validator.js';
import type { FhirReadOptions } from '../../ports/fhir-validator.js';
import {
  SummaryTemplateRepository,
  type TemplateContent,
} from '../../ports/summary-template.repository.js';
import { GenerateSummaryHandler } from './generate-summary.handler.js';
import { GenerateSummaryQuery } from './generate-summary.query.js';

class OneTemplate extends SummaryTemplateRepository {
  constructor(private readonly stored: SummaryTemplate) {
    super();
  }
  create(): Promise<SummaryTemplate> {
    throw new Error('not used');
  }
  listOwned(): Promise<SummaryTemplate[]> {
    return Promise.resolve([this.stored]);
  }
  findOwned(accountId: string, id: string): Promise<SummaryTemplate | null> {
    const owned = accountId === this.stored.accountId && id === this.stored.id;
    return Promise.resolve(owned ? this.stored : null);
  }
  replaceOwned(
    _accountId: string,
    _id: string,
    _content: TemplateContent,
  ): Promise<SummaryTemplate | null> {
    throw new Error('not used');
  }
  deleteOwned(): Promise<boolean> {
    throw new Error('not used');
  }
}

/** The real input policy, remembering what it was asked to check. */
class RecordingValidator extends MedplumFhirValidator {
  readonly calls: { field: string; strict: boolean }[] = [];
  override validate(value: unknown, field: string, options: FhirReadOptions): Promise<string[]> {
    this.calls.push({ field, strict: options.strict });
    return super.validate(value, field, options);
  }
}

/** Input checked elsewhere: only the IPS document's own validation (conform) runs. */
class ConformOnlyValidator extends MedplumFhirValidator {
  override validate(): Promise<string[]> {
    return Promise.resolve([]);
  }
}

const ACCOUNT = 'a';
const TEMPLATE_ID = '6f1c7a52-8a2d-4c39-9b5e-3f0f6f0c2a11';
const stored: SummaryTemplate = {
  id: TEMPLATE_ID,
  accountId: ACCOUNT,
  name: 't',
  description: '',
  template: '<<Patient[0].name[0].family>> (<<Patient[0].gender>>)',
  targetResources: ['Patient'],
  mode: 'narrative',
  metadata: { derived_from: 'template', placeholder_count: 2, spans: [] },
  createdAt: new Date(),
  updatedAt: new Date(),
};
const patient = { resourceType: 'Patient', id: 'p', name: [{ family: 'Ames' }] };

function setUp() {
  const validator = new RecordingValidator();
  const config = loadConfig({});
  return {
    validator,
    handler: new GenerateSummaryHandler(new OneTemplate(stored), validator, config),
  };
}

async function refusal(promise: Promise<unknown>): Promise<ExpectedFailure> {
  try {
    await promise;
  } catch (error) {
    const failure = expectedFailure(error);
    if (failure) return failure;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('generating a summary', () => {
  it('renders a narrative from the stored template, with warnings, after validating the input', async () => {
    const { handler, validator } = setUp();
    const result = await handler.execute(
      new GenerateSummaryQuery(ACCOUNT, 'narrative', patient, TEMPLATE_ID, null, null),
    );
    expect(result).toEqual({
      kind: 'narrative',
      summary: 'Ames ()',
      warnings: ['<<Patient[0].gender>> resolved to nothing'],
    });
    expect(validator.calls).toEqual([{ field: 'fhir_resources', strict: false }]);
  });

  it('needs a template for narrative and answers 404 for one the account does not have', async () => {
    const { handler } = setUp();
    expect(
      (
        await refusal(
          handler.execute(
            new GenerateSummaryQuery(ACCOUNT, 'narrative', patient, null, null, null),
          ),
        )
      ).code,
    ).toBe('SUMMARY.TEMPLATE_REQUIRED');
    const missing = await refusal(
      handler.execute(
        new GenerateSummaryQuery(
          ACCOUNT,
          'narrative',
          patient,
          '00000000-0000-4000-8000-000000000000',
          null,
          null,
        ),
      ),
    );
    expect(missing.status).toBe(404);
  });

  it('refuses options of another mode', async () => {
    const { handler } = setUp();
    const view = { resource: 'Patient', select: [{ column: [{ name: 'id', path: 'id' }] }] };
    expect(
      (
        await refusal(
          handler.execute(new GenerateSummaryQuery(ACCOUNT, 'ips', patient, null, view, null)),
        )
      ).code,
    ).toBe('SUMMARY.OPTION_NOT_FOR_MODE');
    expect(
      (
        await refusal(
          handler.execute(
            new GenerateSummaryQuery(ACCOUNT, 'flatten', patient, null, null, 'bundle'),
          ),
        )
      ).code,
    ).toBe('SUMMARY.OPTION_NOT_FOR_MODE');
  });

  it('flattens into lines, or into the rows of a ViewDefinition', async () => {
    const { handler } = setUp();
    const lines = await handler.execute(
      new GenerateSummaryQuery(ACCOUNT, 'flatten', patient, null, null, null),
    );
    expect(lines.kind === 'flatten' && lines.summary).toBe(
      'Patient "Ames": resource Patient/p\nPatient "Ames": name Ames',
    );
    const view = {
      resource: 'Patient',
      select: [
        {
          column: [
            { name: 'id', path: 'id' },
            { name: 'family', path: 'name.family' },
          ],
        },
      ],
    };
    const rows = await handler.execute(
      new GenerateSummaryQuery(ACCOUNT, 'flatten', patient, null, view, null),
    );
    expect(rows).toEqual({
      kind: 'view',
      columns: ['id', 'family'],
      rows: [{ id: 'p', family: 'Ames' }],
      summary: '{"id":"p","family":"Ames"}',
      warnings: [],
    });
  });

  it('builds the IPS with section counts, and the Bundle only when asked', async () => {
    const { handler } = setUp();
    const bundle = { resourceType: 'Bundle', type: 'collection', entry: [{ resource: patient }] };
    const text = await handler.execute(
      new GenerateSummaryQuery(ACCOUNT, 'ips', bundle, null, null, null),
    );
    expect(
      text.kind === 'ips' && [text.bundle, text.sections.map((section) => section.itemCount)],
    ).toEqual([null, [0, 0, 0, 0, 0, 0]]);
    const document = await handler.execute(
      new GenerateSummaryQuery(ACCOUNT, 'ips', bundle, null, null, 'bundle'),
    );
    expect(document.kind === 'ips' && document.bundle?.type).toBe('document');
  });

  it('reads defective input in every mode, reporting the defects as warnings; strict refuses it', async () => {
    const { handler, validator } = setUp();
    const defective = {
      resourceType: 'Bundle',
      type: 'collection',
      entry: [
        {
          fullUrl: 'urn:uuid:p',
          resource: { ...patient, name: [{ family: 'Ames' }, {}], nickname: 'Annie' },
        },
      ],
    };
    const expected = [
      'fhir_resources.entry[0].resource.name[1]: Invalid empty non-primitive value',
      'fhir_resources.entry[0].resource.nickname: Invalid additional property "nickname"',
    ];
    const narrative = await handler.execute(
      new GenerateSummaryQuery(ACCOUNT, 'narrative', defective, TEMPLATE_ID, null, null),
    );
    expect(narrative.warnings).toEqual(['<<Patient[0].gender>> resolved to nothing', ...expected]);
    for (const mode of ['flatten', 'ips'] as const) {
      const result = await handler.execute(
        new GenerateSummaryQuery(ACCOUNT, mode, defective, null, null, null),
      );
      expect(result.warnings).toEqual(expected);
      expect(result.summary).toContain('Ames');
    }
    const refused = await refusal(
      handler.execute(new GenerateSummaryQuery(ACCOUNT, 'ips', defective, null, null, null, true)),
    );
    expect(refused.code).toBe('SUMMARY.INVALID_FHIR');
    expect(refused.message).toContain('fhir_resources.entry[0].resource.nickname');
    expect(validator.calls.at(-1)).toEqual({ field: 'fhir_resources', strict: true });
  });

  it('conforms the resources of a large IPS document one at a time, letting other callbacks run', async () => {
    const handler = new GenerateSummaryHandler(
      new OneTemplate(stored),
      new ConformOnlyValidator(),
      loadConfig({}),
    );
    const vitals = Array.from({ length: 1_500 }, (_, index) => ({
      fullUrl: `urn:uuid:o${index}`,
      resource: {
        resourceType: 'Observation',
        id: `o${index}`,
        status: 'final',
        category: [
          {
            coding: [
              {
                system: 'http://terminology.hl7.org/CodeSystem/observation-category',
                code: 'vital-signs',
              },
            ],
          },
        ],
        // One code each: the section keeps the latest Observation of each code.
        code: { text: `Vital sign ${index}` },
        subject: { reference: 'urn:uuid:p' },
        effectiveDateTime: '2024-01-01',
        valueQuantity: { value: 60, unit: '/min' },
        ...(index === 7 ? { nickname: 'x' } : {}),
      },
    }));
    const bundle = {
      resourceType: 'Bundle',
      type: 'collection',
      entry: [{ fullUrl: 'urn:uuid:p', resource: patient }, ...vitals],
    };
    const order: string[] = [];
    setImmediate(() => order.push('other callback'));
    const done = handler
      .execute(new GenerateSummaryQuery(ACCOUNT, 'ips', bundle, null, null, 'bundle'))
      .then((result) => {
        order.push('document done');
        return result;
      });
    order.push('document started');
    const document = await done;
    expect(order).toEqual(['document started', 'other callback', 'document done']);
    expect(document.warnings).toEqual([
      'IPS Bundle entry urn:uuid:o7: left out Observation.nickname: Invalid additional property "nickname"',
    ]);
    const entries = (document.kind === 'ips' && document.bundle?.entry) as {
      fullUrl: string;
      resource: Record<string, unknown>;
    }[];
    const o7 = entries.find((entry) => entry.fullUrl === 'urn:uuid:o7');
    expect(o7?.resource.id).toBe('o7');
    expect(o7?.resource).not.toHaveProperty('nickname');
    expect(entries.filter((entry) => entry.resource.resourceType === 'Observation')).toHaveLength(
      1_500,
    );
  });
});
