import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { AppConfig, AppError, RequestContext, workPacer } from '@app/shared';
import { randomUUID } from 'node:crypto';
import { groupByType, readFhirInput, type FhirInput } from '../../../domain/fhir/fhir-input.js';
import type { FhirResource } from '../../../domain/fhir/fhir-resource.js';
import { ReferenceIndex } from '../../../domain/fhir/reference-index.js';
import { flattenResources } from '../../../domain/flatten/flatten-resources.js';
import { buildInternationalPatientSummary } from '../../../domain/ips/build-ips.js';
import { runViewDefinition } from '../../../domain/sql-on-fhir/run-view.js';
import { parseViewDefinition } from '../../../domain/sql-on-fhir/view-definition.js';
import { SummaryErrorCodes } from '../../../domain/summary-errors.js';
import { parseTemplate } from '../../../domain/template/parse-template.js';
import { renderTemplate } from '../../../domain/template/render-template.js';
import { FhirValidator } from '../../ports/fhir-validator.js';
import { SummaryTemplateRepository } from '../../ports/summary-template.repository.js';
import { templateNotFound } from '../../template-not-found.js';
import { GenerateSummaryQuery, type GeneratedSummary } from './generate-summary.query.js';

type ConformedCopy = Awaited<ReturnType<FhirValidator['conform']>>;

function notForMode(option: string, mode: string, needed: string): AppError {
  return AppError.badRequest(
    SummaryErrorCodes.OPTION_NOT_FOR_MODE,
    `${option} applies to mode ${needed} only; this request has mode ${mode}`,
  );
}

@QueryHandler(GenerateSummaryQuery)
export class GenerateSummaryHandler implements IQueryHandler<GenerateSummaryQuery> {
  constructor(
    private readonly templates: SummaryTemplateRepository,
    private readonly validator: FhirValidator,
    private readonly config: AppConfig,
  ) {}

  async execute(query: GenerateSummaryQuery): Promise<GeneratedSummary> {
    if (query.viewDefinition !== null && query.mode !== 'flatten')
      throw notForMode('view_definition', query.mode, 'flatten');
    if (query.format !== null && query.mode !== 'ips')
      throw notForMode('format', query.mode, 'ips');
    switch (query.mode) {
      case 'narrative':
        return this.narrative(query);
      case 'flatten':
        return this.flatten(query);
      case 'ips':
        return this.ips(query);
    }
  }

  /** The shared input policy, then the reading; the policy's findings become warnings. */
  private async read(
    query: GenerateSummaryQuery,
  ): Promise<{ input: FhirInput; warnings: string[] }> {
    const warnings = await this.validator.validate(query.fhirResources, 'fhir_resources', {
      strict: query.strict,
    });
    return { input: readFhirInput(query.fhirResources), warnings };
  }

  private async narrative(query: GenerateSummaryQuery): Promise<GeneratedSummary> {
    if (query.templateId === null) {
      throw AppError.badRequest(
        SummaryErrorCodes.TEMPLATE_REQUIRED,
        'mode narrative needs template_id (a template created with POST /fhir2summary/template)',
      );
    }
    const template = await this.templates.findOwned(query.accountId, query.templateId);
    if (template === null) throw templateNotFound(query.templateId);
    const { input, warnings } = await this.read(query);
    const rendered = renderTemplate(parseTemplate(template.template), groupByType(input.entries), {
      now: new Date(),
    });
    return {
      kind: 'narrative',
      summary: rendered.text,
      warnings: [...rendered.warnings, ...warnings],
    };
  }

  private async flatten(query: GenerateSummaryQuery): Promise<GeneratedSummary> {
    const view = query.viewDefinition === null ? null : parseViewDefinition(query.viewDefinition);
    const { input, warnings } = await this.read(query);
    if (view !== null) {
      const rows = runViewDefinition(
        view,
        input.entries.map((entry) => entry.resource),
        {
          maxRows: this.config.viewMaxRows,
          maxOutputBytes: this.config.viewMaxOutputBytes,
          signal: RequestContext.signal(),
        },
      );
      return {
        kind: 'view',
        columns: view.columnNames,
        rows,
        summary: rows.map((row) => JSON.stringify(row)).join('\n'),
        warnings,
      };
    }
    const resources = await flattenResources(
      input.entries,
      new ReferenceIndex(input.entries),
      RequestContext.signal(),
    );
    return {
      kind: 'flatten',
      resources,
      summary: resources.map((resource) => resource.lines.join('\n')).join('\n\n'),
      warnings,
    };
  }

  /**
   * The conformed copies of the resources the IPS document holds. A first build names them;
   * each is then validated on its own, pausing for the event loop every few milliseconds
   * (a document of thousands of resources must not hold it in one piece).
   */
  private async conformedCopies(
    input: FhirInput,
    now: Date,
  ): Promise<Map<FhirResource, ConformedCopy>> {
    const included: FhirResource[] = [];
    buildInternationalPatientSummary(input, {
      now,
      newId: randomUUID,
      conform: (resource) => {
        included.push(resource);
        return resource;
      },
    });
    const pace = workPacer(RequestContext.signal());
    const copies = new Map<FhirResource, ConformedCopy>();
    for (const resource of included) {
      await pace();
      copies.set(resource, await this.validator.conform(resource));
    }
    return copies;
  }

  private async ips(query: GenerateSummaryQuery): Promise<GeneratedSummary> {
    const { input, warnings } = await this.read(query);
    const now = new Date();
    const copies = query.format === 'bundle' ? await this.conformedCopies(input, now) : null;
    const conform = (resource: FhirResource, fullUrl: string): FhirResource => {
      // Both builds include the same resources: every one has its copy (conformed above).
      const conformed = copies?.get(resource) ?? { resource, removed: [], remaining: [] };
      for (const finding of conformed.removed)
        warnings.push(`IPS Bundle entry ${fullUrl}: left out ${finding}`);
      for (const finding of conformed.remaining)
        warnings.push(`IPS Bundle entry ${fullUrl}: still not valid R4, ${finding}`);
      return conformed.resource as FhirResource;
    };
    const ips = buildInternationalPatientSummary(
      input,
      query.format === 'bundle' ? { now, newId: randomUUID, conform } : null,
    );
    return {
      kind: 'ips',
      summary: ips.text,
      bundle: ips.bundle,
      sections: ips.sections.map((section) => ({
        title: section.definition.title,
        code: section.definition.loincCode,
        itemCount: section.items.length,
      })),
      warnings,
    };
  }
}
