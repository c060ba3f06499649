import { Module } from '@nestjs/common';

/** Workflows: generated from instructions and sample data, stored, executed against FHIR servers. */
@Module({})
export class WorkflowsModule {}
