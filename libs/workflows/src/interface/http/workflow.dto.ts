import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  MaxLength,
  ValidateBy,
  type ValidationOptions,
} from 'class-validator';

const MAX_PROVIDERS = 20;

/** One provider id (or name), or a non-empty list of them. */
function IsProviderIdOrList(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isProviderIdOrList',
      validator: {
        validate: (value: unknown) => {
          const valid = (item: unknown) =>
            typeof item === 'string' && item.trim() !== '' && item.length <= 200;
          if (Array.isArray(value)) {
            return value.length > 0 && value.length <= MAX_PROVIDERS && value.every(valid);
          }
          return valid(value);
        },
        defaultMessage: () =>
          `fhir_provider_id must be a provider id, or a list of 1 to ${MAX_PROVIDERS} provider ids`,
      },
    },
    options,
  );
}

/** `?verbose=true|false` (also 1/0). */
const toBoolean = ({ value }: { value: unknown }): unknown => {
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  return value;
};

export class VerboseQueryDto {
  @ApiPropertyOptional({
    description: 'When true, workflow_details carries the full steps',
    default: false,
  })
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean()
  verbose?: boolean;
}

export class WorkflowRequestDto {
  @ApiProperty({ example: 'Register patient', maxLength: 200 })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  name!: string;

  @ApiProperty({
    description:
      'What the workflow does, in sentences: searches ("Find the patient by MRN"), creations ("Create a condition for the diagnosis"), ' +
      'decisions ("If the patient is not found, create a new patient; otherwise …") and calls of other workflows ("Run the workflow \'Intake\'")',
    example:
      'Find the patient by MRN. If the patient is not found, create a new patient with the first name, last name, date of birth and MRN.',
    maxLength: 20_000,
  })
  @IsString()
  @IsNotEmpty()
  @MaxLength(20_000)
  workflow_instructions!: string;

  @ApiProperty({
    description:
      'Sample input: its field names are the inputs; its values show lang2fhir what the fields hold',
    example: {
      mrn: 'MRN-1001',
      first_name: 'Ada',
      last_name: 'Lovelace',
      date_of_birth: '1985-12-10',
    },
    type: Object,
  })
  @IsObject()
  sample_data!: Record<string, unknown>;

  @ApiProperty({
    description:
      'The FHIR provider the steps act on, or several (the first is the default; a step uses another when its sentence names it)',
    oneOf: [
      { type: 'string', format: 'uuid' },
      { type: 'array', items: { type: 'string', format: 'uuid' } },
    ],
  })
  @IsProviderIdOrList()
  fhir_provider_id!: string | string[];

  @ApiPropertyOptional({
    description:
      'Build created resources with lang2fhir at run time instead of from stored templates',
    default: false,
  })
  @IsOptional()
  @IsBoolean()
  dynamic_generation?: boolean;
}

export class ExecuteWorkflowDto {
  @ApiProperty({
    description: 'The input: one value for each field of the sample data that the steps read',
    example: {
      mrn: 'MRN-2002',
      first_name: 'Grace',
      last_name: 'Hopper',
      date_of_birth: '1906-12-09',
    },
    type: Object,
  })
  @IsObject()
  input_data!: Record<string, unknown>;

  @ApiPropertyOptional({
    description: 'Build every resource but write nothing (searches still read)',
    default: false,
  })
  @IsOptional()
  @IsBoolean()
  preview?: boolean;
}

export class WorkflowConfigDto {
  @ApiProperty({ type: [String] }) fhir_provider_ids!: string[];
  @ApiProperty() dynamic_generation!: boolean;
}

export class SimplifiedStepDto {
  @ApiProperty({ example: 'step_1' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() description!: string;
  @ApiProperty({ enum: ['search', 'create', 'decision_node', 'workflow'] }) type!: string;
  @ApiPropertyOptional({
    format: 'uuid',
    description: 'absent for decisions and sub-workflow calls',
  })
  provider_id?: string;
}

export class FullStepDto extends SimplifiedStepDto {
  @ApiProperty({
    description:
      'One of search_definition, create_definition, workflow_definition, decision_definition',
    type: Object,
  })
  operation!: Record<string, unknown>;
  @ApiProperty({ type: [String] }) dependencies!: string[];
  @ApiProperty() dynamic_generation!: boolean;
}

export class SimplifiedGraphDto {
  @ApiProperty({ type: [SimplifiedStepDto] }) steps!: SimplifiedStepDto[];
}

export class FullGraphDto {
  @ApiProperty({ type: [FullStepDto] }) steps!: FullStepDto[];
}

export class WorkflowDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() workflow_instructions!: string;
  @ApiProperty({ type: Object }) sample_data!: Record<string, unknown>;
  @ApiProperty({ type: WorkflowConfigDto }) config!: WorkflowConfigDto;
  @ApiProperty({ type: SimplifiedGraphDto }) graph!: SimplifiedGraphDto;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
}

export class WorkflowDetailsDto extends WorkflowDto {
  @ApiProperty({ type: FullGraphDto }) declare graph: FullGraphDto;
}

export class SavedWorkflowResponseDto {
  @ApiProperty() success!: boolean;
  @ApiProperty() message!: string;
  @ApiProperty({ format: 'uuid' }) workflow_id!: string;
  @ApiProperty({ type: WorkflowDto }) workflow!: WorkflowDto;
  @ApiPropertyOptional({ type: WorkflowDetailsDto, description: 'Only with verbose=true' })
  workflow_details?: WorkflowDetailsDto;
  @ApiProperty({
    type: [String],
    description: 'Parts of the instructions that gave no step, and why',
  })
  warnings!: string[];
}

export class WorkflowResponseDto {
  @ApiProperty() success!: boolean;
  @ApiProperty() message!: string;
  @ApiProperty({ type: WorkflowDto }) workflow!: WorkflowDto;
  @ApiPropertyOptional({ type: WorkflowDetailsDto, description: 'Only with verbose=true' })
  workflow_details?: WorkflowDetailsDto;
}

export class WorkflowListResponseDto {
  @ApiProperty() success!: boolean;
  @ApiProperty() message!: string;
  @ApiProperty({ type: [WorkflowDto] }) workflows!: WorkflowDto[];
  @ApiPropertyOptional({ type: [WorkflowDetailsDto], description: 'Only with verbose=true' })
  workflow_details?: WorkflowDetailsDto[];
}

export class ExecuteWorkflowResponseDto {
  @ApiProperty() success!: boolean;
  @ApiProperty() message!: string;
  @ApiProperty({ format: 'uuid' }) workflow_id!: string;
  @ApiProperty({ enum: ['completed'] }) status!: string;
  @ApiProperty() preview!: boolean;
  @ApiProperty({
    description:
      "results.steps: each step's report by step id (type search_result, create_result, decision_result or workflow_result; status completed, preview or skipped)",
    type: Object,
  })
  results!: { steps: Record<string, unknown> };
  @ApiProperty({
    description: 'Resources written, with the step path that wrote them',
    type: [Object],
  })
  created!: Record<string, unknown>[];
  @ApiProperty({
    description: '<type>_id → the last resource of that type found or created',
    type: Object,
  })
  outputs!: Record<string, string>;
}
