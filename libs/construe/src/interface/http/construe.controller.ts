import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiAcceptedResponse, ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentTenant, RequiresPlan } from '@app/auth';
import { ok, type Tenant } from '@app/shared';
import { SubmitFeedbackCommand } from '../../application/commands/submit-feedback/submit-feedback.command.js';
import { DeleteCodeSystemCommand } from '../../application/commands/delete-code-system/delete-code-system.command.js';
import { UploadCodeSystemCommand } from '../../application/commands/upload-code-system/upload-code-system.command.js';
import { CrosswalkCodeQuery } from '../../application/queries/crosswalk-code/crosswalk-code.query.js';
import { ExportSystemQuery } from '../../application/queries/export-system/export-system.query.js';
import { PhenocrQuery } from '../../application/queries/phenocr/phenocr.query.js';
import { ListFeedbackQuery } from '../../application/queries/list-feedback/list-feedback.query.js';
import { ExtractCodesQuery } from '../../application/queries/extract-codes/extract-codes.query.js';
import { GetCodeQuery } from '../../application/queries/get-code/get-code.query.js';
import { GetSystemQuery } from '../../application/queries/get-system/get-system.query.js';
import { ListCodesQuery } from '../../application/queries/list-codes/list-codes.query.js';
import { ListSystemsQuery } from '../../application/queries/list-systems/list-systems.query.js';
import { SearchSemanticQuery } from '../../application/queries/search-semantic/search-semantic.query.js';
import { SearchTextQuery } from '../../application/queries/search-text/search-text.query.js';
import {
  CrosswalkDto,
  ExtractDto,
  FeedbackDto,
  ListFeedbackQueryDto,
  PhenocrDto,
  ListCodesQueryDto,
  SemanticSearchQueryDto,
  TextSearchQueryDto,
  UploadCodeSystemDto,
  VersionQueryDto,
} from './construe.dto.js';

// Route order matters: literal segments (systems, search) are declared before `:code`.
@ApiTags('construe')
@ApiBearerAuth('bearer')
@Controller('construe')
export class ConstrueController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post('upload')
  @HttpCode(202)
  @RequiresPlan('paid')
  @ApiOperation({
    summary: 'Upload a custom code system (paid plan); embeddings follow asynchronously',
  })
  @ApiAcceptedResponse({ description: '{ status: "processing", name, version }' })
  upload(@CurrentTenant() tenant: Tenant, @Body() body: UploadCodeSystemDto) {
    return this.commands.execute(
      new UploadCodeSystemCommand(tenant.accountId, {
        name: body.name,
        version: body.version,
        revision: body.revision,
        format: body.format,
        file: body.file,
        codeColumn: body.code_col,
        descriptionColumn: body.desc_col,
        definitionColumn: body.defn_col,
        codes: body.codes,
        replace: body.replace ?? false,
      }),
    );
  }

  @Post('codes/crosswalk')
  @HttpCode(200)
  @ApiOperation({
    summary: 'One code to its equivalents in target systems, over the OMOP vocabulary',
  })
  crosswalk(@Body() body: CrosswalkDto) {
    return this.queries.execute(new CrosswalkCodeQuery(body.system, body.code, body.targets));
  }

  @Get('codes/systems')
  @ApiOperation({ summary: 'Builtin and own custom code systems' })
  async listSystems(@CurrentTenant() tenant: Tenant) {
    const systems = await this.queries.execute(new ListSystemsQuery(tenant.accountId));
    return ok('Code systems retrieved', {
      systems: systems.map((system) => ({
        name: system.name,
        version: system.version,
        code_count: system.codeCount,
        builtin: system.builtin,
        status: system.status,
      })),
    });
  }

  @Get('codes/systems/:codesystem')
  @ApiOperation({ summary: 'One code system and its processing status' })
  async getSystem(
    @CurrentTenant() tenant: Tenant,
    @Param('codesystem') name: string,
    @Query() query: VersionQueryDto,
  ) {
    const system = await this.queries.execute(
      new GetSystemQuery(tenant.accountId, name, query.version),
    );
    return {
      success: true,
      name: system.name,
      version: system.version,
      code_count: system.codeCount,
      builtin: system.builtin,
      status: system.status,
      ...(system.error ? { error: system.error } : {}),
      created_at: system.createdAt.toISOString(),
      updated_at: system.updatedAt.toISOString(),
    };
  }

  @Get('codes/systems/:codesystem/export')
  @ApiOperation({
    summary: 'A custom code system as an upload body (format json), in upload order',
  })
  async exportSystem(
    @CurrentTenant() tenant: Tenant,
    @Param('codesystem') name: string,
    @Query() query: VersionQueryDto,
    @Res({ passthrough: true }) response: Response,
  ) {
    const exported = await this.queries.execute(
      new ExportSystemQuery(tenant.accountId, name, query.version),
    );
    const filename = `${exported.name}_${exported.version}.json`.replace(/[^\w.-]/g, '_');
    response.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
    return exported;
  }

  @Delete('codes/systems/:codesystem')
  @ApiOperation({ summary: 'Delete a custom code system' })
  async deleteSystem(
    @CurrentTenant() tenant: Tenant,
    @Param('codesystem') name: string,
    @Query() query: VersionQueryDto,
  ) {
    await this.commands.execute(new DeleteCodeSystemCommand(tenant.accountId, name, query.version));
    return ok('Code system deleted', {});
  }

  @Get('codes/:codesystem/search/text')
  @ApiOperation({ summary: 'Code prefix and typo-tolerant description search' })
  async searchText(
    @CurrentTenant() tenant: Tenant,
    @Param('codesystem') name: string,
    @Query() query: TextSearchQueryDto,
  ) {
    const result = await this.queries.execute(
      new SearchTextQuery(tenant.accountId, name, query.q, query.limit ?? 10, query.version),
    );
    // The public document requires `found`: how many codes matched (the results shown).
    return ok('Search results', { ...result, found: result.results.length });
  }

  @Get('codes/:codesystem/search/semantic')
  @ApiOperation({ summary: 'Nearest codes by embedding' })
  async searchSemantic(
    @CurrentTenant() tenant: Tenant,
    @Param('codesystem') name: string,
    @Query() query: SemanticSearchQueryDto,
  ) {
    return ok(
      'Search results',
      await this.queries.execute(
        new SearchSemanticQuery(
          tenant.accountId,
          name,
          query.text,
          query.limit ?? 10,
          query.version,
        ),
      ),
    );
  }

  @Get('codes/:codesystem')
  @ApiOperation({ summary: 'Codes of a system in system order, with cursor pagination' })
  async listCodes(
    @CurrentTenant() tenant: Tenant,
    @Param('codesystem') name: string,
    @Query() query: ListCodesQueryDto,
  ) {
    const page = await this.queries.execute(
      new ListCodesQuery(tenant.accountId, name, query.version, query.cursor, query.limit ?? 20),
    );
    return {
      success: true,
      system: page.system,
      codes: page.codes,
      next_cursor: page.nextCursor,
      has_more: page.hasMore,
    };
  }

  @Get('codes/:codesystem/:code')
  @ApiOperation({ summary: 'One code (ICD-10-CM with or without its dot)' })
  async getCode(
    @CurrentTenant() tenant: Tenant,
    @Param('codesystem') name: string,
    @Param('code') code: string,
    @Query() query: VersionQueryDto,
  ) {
    return {
      success: true,
      ...(await this.queries.execute(
        new GetCodeQuery(tenant.accountId, name, code, query.version),
      )),
    };
  }

  @Post('phenocr')
  @HttpCode(200)
  @ApiOperation({
    summary:
      '[Alpha] Codes in a text for HPO, ICD-10-CM, RXNORM or SNOMED_CT_US (extraction candidates)',
  })
  async phenocr(@CurrentTenant() tenant: Tenant, @Body() body: PhenocrDto) {
    const result = await this.queries.execute(
      new PhenocrQuery(tenant.accountId, body.text, body.system.name, body.system.version),
    );
    return ok('Codes extracted (phenocr, alpha)', {
      alpha: true,
      ...result,
      codes: result.codes.map((code) => ({ ...code, valid: true })),
    });
  }

  @Post('feedback')
  @HttpCode(201)
  @ApiOperation({ summary: 'Feedback on an extraction result, kept for the caller account' })
  submitFeedback(@CurrentTenant() tenant: Tenant, @Body() body: FeedbackDto) {
    return this.commands.execute(
      new SubmitFeedbackCommand(tenant.accountId, {
        text: body.text,
        receivedResult: body.received_result,
        expectedResult: body.expected_result,
        detail: body.detail ?? null,
      }),
    );
  }

  @Get('feedback')
  @ApiOperation({ summary: "The caller account's feedback, newest first" })
  async listFeedback(@CurrentTenant() tenant: Tenant, @Query() query: ListFeedbackQueryDto) {
    const feedback = await this.queries.execute(
      new ListFeedbackQuery(tenant.accountId, query.limit ?? 50),
    );
    return ok('Feedback retrieved', {
      feedback: feedback.map((entry) => ({
        id: entry.id,
        text: entry.text,
        received_result: entry.receivedResult,
        expected_result: entry.expectedResult,
        detail: entry.detail,
        created_at: entry.createdAt.toISOString(),
      })),
    });
  }

  @Post('extract')
  @HttpCode(200)
  @ApiOperation({ summary: 'Codes mentioned in a text, with character offsets' })
  async extract(@CurrentTenant() tenant: Tenant, @Body() body: ExtractDto) {
    const system =
      typeof body.system === 'string' ? { name: body.system, version: body.version } : body.system;
    const result = await this.queries.execute(
      new ExtractCodesQuery(
        tenant.accountId,
        body.text,
        system.name,
        system.version ?? body.version,
      ),
    );
    // Every code extracted is one the system holds: the document's `valid` is always true here.
    return ok('Codes extracted', {
      ...result,
      codes: result.codes.map((code) => ({ ...code, valid: true })),
    });
  }
}
