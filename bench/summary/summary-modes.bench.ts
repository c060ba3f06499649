/**
 * Latency of each fhir2summary mode on a 1,000-resource Synthea bundle, next to a baseline
 * measured in the same run: a JSON round trip of the same bundle, what reading the request
 * costs. Run it with
 *   npx vitest bench --run --project unit libs/summary/bench
 * Each mode shares a group with the baseline, so vitest's summary prints the ratio between them.
 */
import { bench, describe } from 'vitest';
import { groupByType, readFhirInput } from '../../libs/summary/src/domain/fhir/fhir-input.js';
import { ReferenceIndex } from '../../libs/summary/src/domain/fhir/reference-index.js';
import { flattenResources } from '../../libs/summary/src/domain/flatten/flatten-resources.js';
import { buildInternationalPatientSummary } from '../../libs/summary/src/domain/ips/build-ips.js';
import { runViewDefinition } from '../../libs/summary/src/domain/sql-on-fhir/run-view.js';
import { parseViewDefinition } from '../../libs/summary/src/domain/sql-on-fhir/view-definition.js';
import { parseTemplate } from '../../libs/summary/src/domain/template/parse-template.js';
import { renderTemplate } from '../../libs/summary/src/domain/template/render-template.js';
import { templateFromExample } from '../../libs/summary/src/domain/template/template-from-example.js';
import { MedplumFhirValidator } from '../../libs/summary/src/infrastructure/validation/medplum-fhir-validator.js';
import { BULK_DIR, hasBulkData, syntheaPatientBundle } from './synthea-bundle.js';

const options = { time: 1500, warmupTime: 300 };
const title = `fhir2summary on 1,000 Synthea resources${hasBulkData ? '' : ` (skipped: ${BULK_DIR} not found)`}`;

describe.skipIf(!hasBulkData)(title, () => {
  const bundle = hasBulkData
    ? syntheaPatientBundle(1000)
    : { resourceType: 'Bundle', type: 'collection', entry: [] };
  const input = readFhirInput(bundle);
  const now = { now: new Date() };
  const validator = new MedplumFhirValidator();

  const patient = input.entries[0]?.resource as {
    name?: { given?: string[]; family?: string }[];
    gender?: string;
  };
  const example = `${patient.name?.[0]?.given?.join(' ') ?? ''} ${patient.name?.[0]?.family ?? ''} is ${patient.gender ?? ''}.`;
  const medication = 'MedicationRequest.medication.ofType(CodeableConcept)';
  const template = parseTemplate(
    `${templateFromExample(example, ['Patient'], input, now).template} Conditions: <<Condition.code|join:', '>>. ` +
      `Medications (<<${medication}|count>>): <<${medication}|join:'; '>>. ` +
      `Last procedure: <<Procedure.code|last>> on <<Procedure.performed.ofType(Period).start|last|date:'MMMM d, yyyy'>>.`,
  );
  const view = parseViewDefinition({
    resource: 'MedicationRequest',
    select: [
      {
        column: [
          { name: 'id', path: 'getResourceKey()' },
          { name: 'patient', path: 'subject.getReferenceKey(Patient)' },
          { name: 'status', path: 'status' },
        ],
      },
      {
        forEach: 'medication.ofType(CodeableConcept).coding',
        column: [
          { name: 'code', path: 'code' },
          { name: 'display', path: 'display' },
        ],
      },
    ],
  });

  const modes: [string, () => void | Promise<void>][] = [
    [
      'FHIR input policy: structure and R4 validation (every mode, before its own work)',
      async () => {
        await validator.validate(bundle, 'fhir_resources', { strict: false });
      },
    ],
    [
      'narrative: render a template',
      () => renderTemplate(template, groupByType(readFhirInput(bundle).entries), now),
    ],
    [
      'flatten: lines per resource',
      () => {
        const read = readFhirInput(bundle);
        return flattenResources(read.entries, new ReferenceIndex(read.entries)).then(
          () => undefined,
        );
      },
    ],
    [
      'flatten: SQL-on-FHIR view rows',
      () =>
        runViewDefinition(
          view,
          readFhirInput(bundle).entries.map((entry) => entry.resource),
          { maxRows: Number.MAX_SAFE_INTEGER, maxOutputBytes: Number.MAX_SAFE_INTEGER },
        ),
    ],
    ['ips: plain text', () => buildInternationalPatientSummary(readFhirInput(bundle), null)],
    [
      'ips: text and document Bundle',
      () => {
        let id = 0;
        buildInternationalPatientSummary(readFhirInput(bundle), {
          now: new Date(),
          newId: () => `id-${++id}`,
        });
      },
    ],
  ];

  for (const [name, run] of modes) {
    describe(name, () => {
      bench(
        'baseline: JSON round trip of the request body',
        () => void JSON.parse(JSON.stringify(bundle)),
        options,
      );
      bench(name, run, options);
    });
  }
});
