import { Module, type OnApplicationBootstrap } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CreateSummaryTemplateHandler } from './application/commands/create-summary-template/create-summary-template.handler.js';
import { DeleteSummaryTemplateHandler } from './application/commands/delete-summary-template/delete-summary-template.handler.js';
import { UpdateSummaryTemplateHandler } from './application/commands/update-summary-template/update-summary-template.handler.js';
import { FhirValidator } from './application/ports/fhir-validator.js';
import { SummaryGenerator } from './application/ports/summary-generator.js';
import { SummaryTemplateRepository } from './application/ports/summary-template.repository.js';
import { GenerateSummaryHandler } from './application/queries/generate-summary/generate-summary.handler.js';
import { GetSummaryTemplateHandler } from './application/queries/get-summary-template/get-summary-template.handler.js';
import { ListSummaryTemplatesHandler } from './application/queries/list-summary-templates/list-summary-templates.handler.js';
import { QueryBusSummaryGenerator } from './application/services/query-bus-summary-generator.js';
import { SummaryTemplateEntity } from './infrastructure/persistence/summary-template.entity.js';
import { TypeOrmSummaryTemplateRepository } from './infrastructure/persistence/typeorm-summary-template.repository.js';
import { warmUpFhirPath } from './domain/fhirpath/fhirpath-engine.js';
import { MedplumFhirValidator } from './infrastructure/validation/medplum-fhir-validator.js';
import { SummaryController } from './interface/http/summary.controller.js';
import { SummaryTemplatesController } from './interface/http/summary-templates.controller.js';

const handlers = [
  CreateSummaryTemplateHandler,
  UpdateSummaryTemplateHandler,
  DeleteSummaryTemplateHandler,
  ListSummaryTemplatesHandler,
  GetSummaryTemplateHandler,
  GenerateSummaryHandler,
];

/** fhir2summary: summary templates and summaries (narrative, flatten, ips). */
@Module({
  imports: [TypeOrmModule.forFeature([SummaryTemplateEntity])],
  controllers: [SummaryTemplatesController, SummaryController],
  providers: [
    ...handlers,
    { provide: SummaryTemplateRepository, useClass: TypeOrmSummaryTemplateRepository },
    { provide: FhirValidator, useClass: MedplumFhirValidator },
    { provide: SummaryGenerator, useClass: QueryBusSummaryGenerator },
  ],
  exports: [SummaryGenerator],
})
export class SummaryModule implements OnApplicationBootstrap {
  onApplicationBootstrap(): void {
    warmUpFhirPath();
  }
}
