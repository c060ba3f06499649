import { expectedFailure, type ExpectedFailure } from '@app/shared';
import { describe, expect, it } from 'vitest';
import type { WorkflowStep } from '../workflow.js';
import { planWorkflow, type Plan, type PlanInput } from './plan-workflow.js';
import type { KnownWorkflow } from './sub-workflows.js';

const SANDBOX = { id: '11111111-1111-4111-8111-111111111111', name: 'sandbox' };
const EHR = { id: '22222222-2222-4222-8222-222222222222', name: 'hospital-ehr' };
const REGISTER: KnownWorkflow = {
  id: '33333333-3333-4333-8333-333333333333',
  name: 'Register patient',
  inputFields: ['mrn', 'first_name'],
  producedTypes: ['Patient'],
};
const NOTE_WORKFLOW: KnownWorkflow = {
  id: '44444444-4444-4444-8444-444444444444',
  name: 'Attach note',
  inputFields: ['patient_id', 'note'],
  producedTypes: ['Communication'],
};

function plan(
  instructions: string,
  sampleData: Record<string, unknown>,
  extra: Partial<PlanInput> = {},
): Plan {
  return planWorkflow({
    instructions,
    sampleData,
    providers: [SANDBOX],
    dynamicGeneration: false,
    workflows: [REGISTER, NOTE_WORKFLOW],
    ...extra,
  });
}

/** The graph in a form that is easy to compare: one line per step. */
function outline(steps: WorkflowStep[]): string[] {
  return steps.map((step) => {
    const operation = step.operation;
    const deps = step.dependencies.length > 0 ? ` after ${step.dependencies.join(',')}` : '';
    switch (operation.kind) {
      case 'search':
        return `${step.id} search ${operation.resourceType}?${Object.entries(
          operation.searchParameters,
        )
          .map(([name, value]) => `${name}=${value}`)
          .join('&')}${deps}`;
      case 'create':
        return `${step.id} create ${operation.resourceType}${operation.generation ? ` (${operation.generation.resource})` : ''}${deps}`;
      case 'decision':
        return `${step.id} decide ${operation.expression} ? ${operation.paths.true} : ${operation.paths.false} / ${operation.paths.default}${deps}`;
      case 'workflow':
        return `${step.id} workflow ${operation.workflowName}${deps}`;
    }
  });
}

function operationOf<K extends WorkflowStep['operation']['kind']>(
  step: WorkflowStep,
  kind: K,
): Extract<WorkflowStep['operation'], { kind: K }> {
  expect(step.operation.kind).toBe(kind);
  return step.operation as Extract<WorkflowStep['operation'], { kind: K }>;
}

function refusal(run: () => unknown): ExpectedFailure {
  try {
    run();
  } catch (error) {
    const failure = expectedFailure(error);
    if (failure) return failure;
    throw error;
  }
  throw new Error('expected the planner to refuse');
}

describe('planner', () => {
  it('1. patient registration with de-duplication: search by MRN, create only when not found', () => {
    const result = plan(
      'Find the patient by MRN. If the patient is not found, create a new patient with the first name, last name, date of birth and MRN.',
      {
        mrn: 'MRN-1',
        first_name: 'Ann',
        last_name: 'Lee',
        date_of_birth: '1980-01-02',
        gender: 'female',
      },
    );
    expect(outline(result.steps)).toEqual([
      'step_1 search Patient?identifier={{mrn}}',
      'step_2 decide not {{patient_found}} ? step_3 : end / end after step_1',
      'step_3 create Patient (patient) after step_2',
    ]);
    expect(result.steps[1].operation.runtimePlaceholders).toEqual({
      patient_found: 'step_1.result.found',
    });
    const create = operationOf(result.steps[2], 'create');
    expect(create.resourceTemplate).toMatchObject({
      resourceType: 'Patient',
      identifier: [{ value: '{{mrn}}' }],
      name: [{ family: '{{last_name}}', given: ['{{first_name}}'] }],
      birthDate: '{{date_of_birth}}',
      gender: '{{gender}}',
    });
    expect(create.runtimePlaceholders).toEqual({
      first_name: 'input.first_name',
      last_name: 'input.last_name',
      date_of_birth: 'input.date_of_birth',
      mrn: 'input.mrn',
      gender: 'input.gender',
    });
    expect(result.templateRequests).toEqual([
      expect.objectContaining({
        stepId: 'step_3',
        resource: 'patient',
        text: 'Ann Lee, female, born 1980-01-02, MRN MRN-1.',
      }),
    ]);
    expect(operationOf(result.steps[0], 'search').requiredFields).toEqual(['found']);
    expect(result.steps.map((step) => step.providerId)).toEqual([SANDBOX.id, null, SANDBOX.id]);
    expect(result.warnings).toEqual([]);
  });

  it('2. the SDK example: a preamble without action is reported, the patient is found by name, the condition linked to it', () => {
    const result = plan('Given diagnosis data, find the patient and create condition record', {
      patient_last_name: 'Rippin',
      patient_first_name: 'Clay',
      diagnosis_code: 'I10',
    });
    expect(outline(result.steps)).toEqual([
      'step_1 search Patient?family={{patient_last_name}}&given={{patient_first_name}}',
      'step_2 create Condition (condition-problems-health-concerns) after step_1',
    ]);
    const create = operationOf(result.steps[1], 'create');
    expect(create.resourceTemplate).toEqual({
      resourceType: 'Condition',
      subject: { reference: 'Patient/{{patient_id}}' },
    });
    expect(create.runtimePlaceholders).toEqual({
      diagnosis_code: 'input.diagnosis_code',
      patient_id: 'step_1.result.id',
    });
    expect(result.templateRequests[0].text).toBe('create condition record, diagnosis code I10');
    expect(operationOf(result.steps[0], 'search').requiredFields).toEqual(['id']);
    expect(result.warnings).toEqual([expect.stringContaining('"Given diagnosis data"')]);
  });

  it('3. a condition from a note: the note text goes to lang2fhir next to the word that names it', () => {
    const result = plan(
      'Find the patient by MRN, then create a condition from the diagnosis in the note for that patient.',
      { mrn: '1', diagnosis: 'Type 2 diabetes mellitus', note: 'Seen today' },
    );
    expect(outline(result.steps)).toEqual([
      'step_1 search Patient?identifier={{mrn}}',
      'step_2 create Condition (condition-problems-health-concerns) after step_1',
    ]);
    const create = operationOf(result.steps[1], 'create');
    expect(create.generation?.text).toBe(
      'create a condition from the diagnosis {{diagnosis}} in the note {{note}} for that patient',
    );
    expect(result.templateRequests[0].text).toBe(
      'create a condition from the diagnosis Type 2 diabetes mellitus in the note Seen today for that patient',
    );
  });

  it('4. a lab result with a threshold decision: each branch is a step, both rejoin at the end', () => {
    const result = plan(
      'Find the patient by MRN. Record the glucose lab result for the patient. If the glucose value is above 200, create a flag for hyperglycemia, otherwise create a task to recheck the glucose in 3 months.',
      { mrn: '1', glucose_value: 250, unit: 'mg/dL' },
    );
    expect(outline(result.steps)).toEqual([
      'step_1 search Patient?identifier={{mrn}}',
      'step_2 create Observation (observation-lab) after step_1',
      'step_3 decide {{glucose_value}} > 200 ? step_4 : step_5 / end',
      'step_4 create Flag after step_1,step_3',
      'step_5 create Task after step_1,step_3',
    ]);
    expect(operationOf(result.steps[1], 'create').generation?.text).toBe(
      'Record the glucose {{glucose_value}} {{unit}} lab result for the patient',
    );
    expect(operationOf(result.steps[3], 'create').resourceTemplate).toEqual({
      resourceType: 'Flag',
      status: 'active',
      code: { text: 'hyperglycemia' },
      subject: { reference: 'Patient/{{patient_id}}' },
    });
    expect(operationOf(result.steps[4], 'create').resourceTemplate).toEqual({
      resourceType: 'Task',
      status: 'requested',
      intent: 'order',
      description: 'recheck the glucose in 3 months',
      for: { reference: 'Patient/{{patient_id}}' },
    });
    // Flags and tasks are built here, not by lang2fhir.
    expect(result.templateRequests.map((request) => request.stepId)).toEqual(['step_2']);
  });

  it('5. a medication order with an allergy check: search allergies to the drug, flag or prescribe', () => {
    const result = plan(
      'Find the patient by MRN. Check whether the patient has an allergy to the medication. If an allergy is found, create a flag for the allergy conflict; otherwise prescribe the medication.',
      { mrn: '1', medication: 'amoxicillin' },
    );
    expect(outline(result.steps)).toEqual([
      'step_1 search Patient?identifier={{mrn}}',
      'step_2 search AllergyIntolerance?code:text={{medication}}&patient=Patient/{{patient_id}} after step_1',
      'step_3 decide {{allergy_intolerance_found}} ? step_4 : step_5 / end after step_2',
      'step_4 create Flag after step_1,step_3',
      'step_5 create MedicationRequest (medicationrequest) after step_1,step_3',
    ]);
    expect(operationOf(result.steps[4], 'create').generation?.text).toBe(
      'prescribe the medication {{medication}}',
    );
  });

  it('6. a search uses only the criteria named after "by"', () => {
    const result = plan('Look up the patient by last name and date of birth.', {
      first_name: 'Ann',
      last_name: 'Lee',
      dob: '1980-01-02',
    });
    expect(outline(result.steps)).toEqual([
      'step_1 search Patient?family={{last_name}}&birthdate={{dob}}',
    ]);
  });

  it('7. a sub-workflow called by its quoted name; what it produces is linked afterwards', () => {
    const result = plan(
      "Run the 'Register patient' workflow, then create an encounter for the visit date.",
      { mrn: '1', first_name: 'Ann', visit_date: '2024-05-01' },
    );
    expect(outline(result.steps)).toEqual([
      'step_1 workflow Register patient',
      'step_2 create Encounter (encounter) after step_1',
    ]);
    const call = operationOf(result.steps[0], 'workflow');
    expect(call).toMatchObject({
      workflowId: REGISTER.id,
      input: { mrn: '{{mrn}}', first_name: '{{first_name}}' },
      runtimePlaceholders: { mrn: 'input.mrn', first_name: 'input.first_name' },
    });
    expect(result.steps[0].providerId).toBeNull();
    const create = operationOf(result.steps[1], 'create');
    expect(create.runtimePlaceholders.patient_id).toBe('step_1.result.outputs.patient_id');
    expect(create.resourceTemplate.subject).toEqual({ reference: 'Patient/{{patient_id}}' });
  });

  it('8. a sub-workflow called by id gets the patient found before and the caller input', () => {
    const result = plan(`Find the patient by MRN and then call workflow ${NOTE_WORKFLOW.id}.`, {
      mrn: '1',
    });
    expect(outline(result.steps)).toEqual([
      'step_1 search Patient?identifier={{mrn}}',
      'step_2 workflow Attach note after step_1',
    ]);
    expect(operationOf(result.steps[1], 'workflow').runtimePlaceholders).toEqual({
      patient_id: 'step_1.result.id',
      note: 'input.note',
    });
    expect(result.warnings).toEqual([expect.stringContaining('takes "note"')]);
  });

  it('9. a condition written after its action ("… if …") becomes a decision before it', () => {
    const result = plan(
      'Find the patient by MRN. Create a flag for tachycardia if the heart rate is greater than 120.',
      { mrn: '1', heart_rate: 130 },
    );
    expect(outline(result.steps)).toEqual([
      'step_1 search Patient?identifier={{mrn}}',
      'step_2 decide {{heart_rate}} > 120 ? step_3 : end / end',
      'step_3 create Flag after step_1,step_2',
    ]);
  });

  it('10. a numbered list: an encounter, then vital signs linked to the patient and the encounter', () => {
    const result = plan(
      '1. Search for the patient by MRN\n2. Create an encounter for the visit\n3. Record the blood pressure for the patient',
      { mrn: '1', systolic: 120, diastolic: 80 },
    );
    expect(outline(result.steps)).toEqual([
      'step_1 search Patient?identifier={{mrn}}',
      'step_2 create Encounter (encounter) after step_1',
      'step_3 create Observation (vital-signs) after step_1,step_2',
    ]);
    const vitals = operationOf(result.steps[2], 'create');
    expect(vitals.generation?.text).toBe(
      'Record the blood pressure {{systolic}}/{{diastolic}} mmHg for the patient',
    );
    expect(vitals.resourceTemplate).toEqual({
      resourceType: 'Observation',
      subject: { reference: 'Patient/{{patient_id}}' },
      encounter: { reference: 'Encounter/{{encounter_id}}' },
    });
    expect(vitals.runtimePlaceholders).toMatchObject({
      patient_id: 'step_1.result.id',
      encounter_id: 'step_2.result.id',
    });
  });

  it('11. a boolean field of the sample data becomes a test of that field', () => {
    const result = plan(
      'Find the patient by MRN. If the patient is a smoker, create a condition for tobacco use.',
      { mrn: '1', smoker: true },
    );
    expect(outline(result.steps)[1]).toBe('step_2 decide {{smoker}} == true ? step_3 : end / end');
    const negative = plan(
      'Find the patient by MRN. If the patient is not a smoker, create a task to record the smoking status.',
      { mrn: '1', is_smoker: false },
    );
    expect(outline(negative.steps)[1]).toBe(
      'step_2 decide {{is_smoker}} == false ? step_3 : end / end',
    );
  });

  it('12. "unless" negates the condition', () => {
    const result = plan(
      'Find the patient by MRN. Unless the patient already exists, register the patient.',
      { mrn: '1', first_name: 'Ann', last_name: 'Lee' },
    );
    expect(outline(result.steps)).toEqual([
      'step_1 search Patient?identifier={{mrn}}',
      'step_2 decide not ({{patient_found}}) ? step_3 : end / end after step_1',
      'step_3 create Patient (patient) after step_2',
    ]);
  });

  it('13. conditions joined by "or" and "and"', () => {
    const result = plan(
      'If the systolic pressure is at least 140 or the diastolic pressure is at least 90, create a condition for hypertension.',
      { systolic_pressure: 150, diastolic_pressure: 85 },
    );
    expect(outline(result.steps)[0]).toBe(
      'step_1 decide {{systolic_pressure}} >= 140 or {{diastolic_pressure}} >= 90 ? step_2 : end / end',
    );
    const both = plan(
      'Find the patient by MRN. If the patient is found and the age is over 50, create a service request for a colonoscopy.',
      { mrn: '1', age: 60 },
    );
    expect(outline(both.steps)[1]).toBe(
      'step_2 decide {{patient_found}} and {{age}} > 50 ? step_3 : end / end after step_1',
    );
  });

  it('14. a comparison with a word becomes a quoted string; an order is a service request', () => {
    const result = plan('If the gender is female, order a mammogram.', { gender: 'female' });
    expect(outline(result.steps)).toEqual([
      "step_1 decide {{gender}} == 'female' ? step_2 : end / end",
      'step_2 create ServiceRequest (servicerequest) after step_1',
    ]);
  });

  it('15. a step runs on the provider its sentence names, else on the first', () => {
    const result = plan(
      'Find the patient by MRN in hospital-ehr and record the blood pressure in sandbox. Then create an encounter.',
      { mrn: '1' },
      { providers: [EHR, SANDBOX] },
    );
    expect(result.steps.map((step) => step.providerId)).toEqual([EHR.id, SANDBOX.id, EHR.id]);
    // The words naming the provider stay in the description but not in what is built.
    expect(result.steps[1].description).toBe('record the blood pressure in sandbox');
    expect(operationOf(result.steps[1], 'create').generation?.text).toBe(
      'record the blood pressure',
    );
  });

  it('16. "Otherwise" in its own sentence, and "it" meaning the latest observation found', () => {
    const result = plan(
      'Find the patient by MRN. Find the latest HbA1c observation for the patient. If it is above 9, create a care plan for diabetes management. Otherwise, create a task to repeat the test in 6 months.',
      { mrn: '1' },
    );
    expect(outline(result.steps)).toEqual([
      'step_1 search Patient?identifier={{mrn}}',
      'step_2 search Observation?patient=Patient/{{patient_id}}&_sort=-date&_count=1 after step_1',
      'step_3 decide {{observation_value}} > 9 ? step_4 : step_5 / end after step_2',
      'step_4 create CarePlan (careplan) after step_1,step_3',
      'step_5 create Task after step_1,step_3',
    ]);
    expect(result.steps[2].operation.runtimePlaceholders).toEqual({
      observation_value: 'step_2.result.resource.valueQuantity.value',
    });
    expect(operationOf(result.steps[1], 'search').requiredFields).toEqual([
      'resource.valueQuantity.value',
    ]);
  });

  it('17. "If not, …" after a search means "if nothing was found"; later steps take whichever patient exists', () => {
    const result = plan(
      'Find the patient by MRN. If not, register the patient with the MRN. Create a condition for the diagnosis.',
      { mrn: '1', diagnosis: 'asthma' },
    );
    expect(outline(result.steps)).toEqual([
      'step_1 search Patient?identifier={{mrn}}',
      'step_2 decide not {{patient_found}} ? step_3 : step_4 / step_4 after step_1',
      'step_3 create Patient (patient) after step_2',
      'step_4 create Condition (condition-problems-health-concerns) after step_1,step_3',
    ]);
    expect(operationOf(result.steps[3], 'create').runtimePlaceholders.patient_id).toBe(
      'step_3.result.id ?? step_1.result.id',
    );
  });

  it('18. with dynamic generation, create steps keep only their links and lang2fhir builds them at run time', () => {
    const result = plan(
      'Find the patient by MRN and create a condition for the diagnosis.',
      { mrn: '1', diagnosis: 'asthma' },
      { dynamicGeneration: true },
    );
    expect(result.templateRequests).toEqual([]);
    expect(result.steps[1]).toMatchObject({
      dynamicGeneration: true,
      operation: {
        resourceTemplate: {
          resourceType: 'Condition',
          subject: { reference: 'Patient/{{patient_id}}' },
        },
        generation: {
          resource: 'condition-problems-health-concerns',
          text: 'create a condition for the diagnosis {{diagnosis}}',
        },
      },
    });
  });

  it('19. a missing input field can be tested; edits are reported, not planned', () => {
    const result = plan(
      'Find the patient by MRN. If the email is missing, create a task to collect an email address. Update the patient phone.',
      { mrn: '1', email: 'a@b.c' },
    );
    expect(outline(result.steps)[1]).toBe(
      'step_2 decide not exists {{email}} ? step_3 : end / end',
    );
    expect(result.steps).toHaveLength(3);
    expect(result.warnings).toEqual([
      expect.stringContaining('"Update the patient phone" changes'),
    ]);
  });

  it('20. reads blanks of any length as one space', () => {
    const result = plan(`Create a task${' '.repeat(5_000)}to\t\tcall   the patient.`, {});
    expect(result.steps[0].description).toBe('Create a task to call the patient');
  });

  it('21. refuses what it cannot plan, naming the problem', () => {
    expect(refusal(() => plan('Run the workflow "Discharge" next.', {})).code).toBe(
      'WORKFLOWS.UNKNOWN_SUB_WORKFLOW',
    );
    expect(
      refusal(() =>
        plan(
          "Run the 'Register patient' workflow.",
          {},
          {
            workflows: [REGISTER, { ...REGISTER, id: '55555555-5555-4555-8555-555555555555' }],
          },
        ),
      ).code,
    ).toBe('WORKFLOWS.AMBIGUOUS_SUB_WORKFLOW');
    expect(
      refusal(() => plan('Run workflow 99999999-9999-4999-8999-999999999999.', {})).message,
    ).toContain('with id 99999999-9999-4999-8999-999999999999');
    const unparseable = refusal(() =>
      plan('If the moon is full, create a task to call the patient.', { mrn: '1' }),
    );
    expect(unparseable.code).toBe('WORKFLOWS.UNPARSEABLE_CONDITION');
    expect(unparseable.message).toContain('"the moon is full"');
    const tooMany = refusal(() => plan('Create a task to call. '.repeat(101), {}));
    expect(tooMany.code).toBe('WORKFLOWS.TOO_MANY_STEPS');
    expect(tooMany.message).toContain('101 steps');
    const nothing = refusal(() => plan('Think about the data.', {}));
    expect(nothing.code).toBe('WORKFLOWS.NO_STEPS');
    expect(nothing.message).toContain('"Think about the data"');
  });
});
