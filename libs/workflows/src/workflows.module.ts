import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FhirProviderModule } from '@app/fhir-provider';
import { Lang2FhirModule } from '@app/lang2fhir';
import { CreateWorkflowHandler } from './application/commands/create-workflow/create-workflow.handler.js';
import { DeleteWorkflowHandler } from './application/commands/delete-workflow/delete-workflow.handler.js';
import { ExecuteWorkflowHandler } from './application/commands/execute-workflow/execute-workflow.handler.js';
import { UpdateWorkflowHandler } from './application/commands/update-workflow/update-workflow.handler.js';
import { ExecutionRuntimeFactory } from './application/ports/execution-runtime-factory.js';
import { ProviderDirectory } from './application/ports/provider-directory.js';
import { ResourceBuilder } from './application/ports/resource-builder.js';
import { WorkflowDirectory } from './application/ports/workflow-directory.js';
import { WorkflowRunner } from './application/ports/workflow-runner.js';
import { WorkflowRepository } from './application/ports/workflow.repository.js';
import { GetWorkflowHandler } from './application/queries/get-workflow/get-workflow.handler.js';
import { ListWorkflowSummariesHandler } from './application/queries/list-workflow-summaries/list-workflow-summaries.handler.js';
import { ListWorkflowsHandler } from './application/queries/list-workflows/list-workflows.handler.js';
import { CommandBusWorkflowRunner } from './application/services/command-bus-workflow-runner.js';
import { RepositoryWorkflowDirectory } from './application/services/repository-workflow-directory.js';
import { WorkflowGenerator } from './application/services/workflow-generator.js';
import { WorkflowReferences } from './application/services/workflow-references.js';
import { FhirExecutionRuntimeFactory } from './infrastructure/adapters/fhir-execution-runtime.js';
import { Lang2FhirResourceBuilder } from './infrastructure/adapters/lang2fhir-resource-builder.js';
import { FhirProviderDirectory } from './infrastructure/adapters/fhir-provider-directory.js';
import { TypeOrmWorkflowRepository } from './infrastructure/persistence/typeorm-workflow.repository.js';
import { WorkflowEntity } from './infrastructure/persistence/workflow.entity.js';
import { WorkflowsController } from './interface/http/workflows.controller.js';

const handlers = [
  CreateWorkflowHandler,
  UpdateWorkflowHandler,
  DeleteWorkflowHandler,
  ExecuteWorkflowHandler,
  ListWorkflowsHandler,
  GetWorkflowHandler,
  ListWorkflowSummariesHandler,
];

/** Workflows: generated from instructions and sample data, stored, executed against FHIR servers. */
@Module({
  imports: [TypeOrmModule.forFeature([WorkflowEntity]), FhirProviderModule, Lang2FhirModule],
  controllers: [WorkflowsController],
  providers: [
    ...handlers,
    WorkflowGenerator,
    WorkflowReferences,
    { provide: WorkflowDirectory, useClass: RepositoryWorkflowDirectory },
    { provide: WorkflowRunner, useClass: CommandBusWorkflowRunner },
    { provide: WorkflowRepository, useClass: TypeOrmWorkflowRepository },
    { provide: ResourceBuilder, useClass: Lang2FhirResourceBuilder },
    { provide: ProviderDirectory, useClass: FhirProviderDirectory },
    { provide: ExecutionRuntimeFactory, useClass: FhirExecutionRuntimeFactory },
  ],
  exports: [WorkflowDirectory, WorkflowRunner, WorkflowReferences],
})
export class WorkflowsModule {}
