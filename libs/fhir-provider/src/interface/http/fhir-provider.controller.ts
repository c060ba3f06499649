import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Param,
  Patch,
  Post,
  Req,
  UseGuards,
} from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ApiBearerAuth,
  ApiExtraModels,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { FhirSettings } from '@app/fhir';
import { CurrentTenant } from '@app/auth';
import { ok, type Tenant } from '@app/shared';
import type { Request } from 'express';
import { AddAuthConfigCommand } from '../../application/commands/add-auth-config/add-auth-config.command.js';
import { CreateFhirProviderCommand } from '../../application/commands/create-fhir-provider/create-fhir-provider.command.js';
import { DeleteFhirProviderCommand } from '../../application/commands/delete-fhir-provider/delete-fhir-provider.command.js';
import { RemoveAuthConfigCommand } from '../../application/commands/remove-auth-config/remove-auth-config.command.js';
import { SetActiveAuthConfigCommand } from '../../application/commands/set-active-auth-config/set-active-auth-config.command.js';
import { GetFhirProviderQuery } from '../../application/queries/get-fhir-provider/get-fhir-provider.query.js';
import { ListFhirProvidersQuery } from '../../application/queries/list-fhir-providers/list-fhir-providers.query.js';
import type { FhirProvider } from '../../domain/fhir-provider.js';
import type { SandboxProvider } from '../../domain/sandbox-provider.js';
import {
  AuthConfigIdDto,
  AuthConfigRequestDto,
  AuthConfigViewDto,
  CreateFhirProviderDto,
  FhirProviderListResponseDto,
  FhirProviderResponseDto,
} from './fhir-provider.dto.js';
import { providerView, sandboxView } from './fhir-provider.views.js';
import { RejectSandboxChanges } from './reject-sandbox-changes.guard.js';
import { requestOrigin } from './request-origin.js';

/** The caller's FHIR providers and their auth configurations (rotation: add, activate, remove). */
@ApiTags('fhir-provider')
@ApiBearerAuth('bearer')
@ApiExtraModels(AuthConfigViewDto)
@Controller('fhir-provider')
export class FhirProviderController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    @Inject(FhirSettings) private readonly settings: FhirSettings,
  ) {}

  @Post()
  @ApiOperation({
    summary: 'Register a FHIR provider; its first auth configuration becomes the active one',
  })
  @ApiCreatedResponse({ type: FhirProviderResponseDto })
  async create(
    @CurrentTenant() tenant: Tenant,
    @Body() body: CreateFhirProviderDto,
    @Req() request: Request,
  ): Promise<FhirProviderResponseDto> {
    const provider = await this.commands.execute(
      new CreateFhirProviderCommand(tenant.accountId, {
        name: body.name,
        description: body.description,
        provider: body.provider,
        baseUrl: body.base_url,
        clientId: body.client_id,
        auth: { ...body.auth },
      }),
    );
    return ok('FHIR provider created', { data: this.view(provider, request) });
  }

  @Get('list')
  @ApiOperation({ summary: "List the account's providers, the sandbox provider first" })
  @ApiOkResponse({ type: FhirProviderListResponseDto })
  async list(
    @CurrentTenant() tenant: Tenant,
    @Req() request: Request,
  ): Promise<FhirProviderListResponseDto> {
    const { sandbox, providers } = await this.queries.execute(
      new ListFhirProvidersQuery(tenant.accountId),
    );
    return ok('FHIR providers retrieved', {
      fhir_providers: [
        this.view(sandbox, request),
        ...providers.map((provider) => this.view(provider, request)),
      ],
    });
  }

  @Get(':id')
  @ApiOperation({ summary: 'One provider (the sandbox provider in its own shape)' })
  @ApiOkResponse({ type: FhirProviderResponseDto })
  async get(
    @CurrentTenant() tenant: Tenant,
    @Param('id') id: string,
    @Req() request: Request,
  ): Promise<FhirProviderResponseDto> {
    const provider = await this.queries.execute(new GetFhirProviderQuery(tenant.accountId, id));
    return ok('FHIR provider retrieved', { data: this.view(provider, request) });
  }

  @Delete(':id')
  @UseGuards(RejectSandboxChanges)
  @ApiOperation({ summary: 'Delete a provider and its auth configurations (the sandbox: 403)' })
  async delete(
    @CurrentTenant() tenant: Tenant,
    @Param('id') id: string,
  ): Promise<{ success: true; message: string }> {
    await this.commands.execute(new DeleteFhirProviderCommand(tenant.accountId, id));
    return ok('FHIR provider deleted', {});
  }

  @Patch(':id/add-auth-config')
  @HttpCode(200)
  @UseGuards(RejectSandboxChanges)
  @ApiOperation({ summary: 'Add an auth configuration (inactive until set-active-auth-config)' })
  @ApiOkResponse({ type: FhirProviderResponseDto })
  async addAuthConfig(
    @CurrentTenant() tenant: Tenant,
    @Param('id') id: string,
    @Body() body: AuthConfigRequestDto,
    @Req() request: Request,
  ): Promise<FhirProviderResponseDto> {
    const provider = await this.commands.execute(
      new AddAuthConfigCommand(tenant.accountId, id, { ...body }),
    );
    return ok('Auth configuration added', { data: this.view(provider, request) });
  }

  @Patch(':id/remove-auth-config')
  @HttpCode(200)
  @UseGuards(RejectSandboxChanges)
  @ApiOperation({ summary: 'Remove an auth configuration; the active one cannot be removed (400)' })
  @ApiOkResponse({ type: FhirProviderResponseDto })
  async removeAuthConfig(
    @CurrentTenant() tenant: Tenant,
    @Param('id') id: string,
    @Body() body: AuthConfigIdDto,
    @Req() request: Request,
  ): Promise<FhirProviderResponseDto> {
    const provider = await this.commands.execute(
      new RemoveAuthConfigCommand(tenant.accountId, id, body.auth_config_id),
    );
    return ok('Auth configuration removed', { data: this.view(provider, request) });
  }

  @Patch(':id/set-active-auth-config')
  @HttpCode(200)
  @UseGuards(RejectSandboxChanges)
  @ApiOperation({
    summary: 'Make an auth configuration the active one (200 also when it already is)',
  })
  @ApiOkResponse({ type: FhirProviderResponseDto })
  async setActiveAuthConfig(
    @CurrentTenant() tenant: Tenant,
    @Param('id') id: string,
    @Body() body: AuthConfigIdDto,
    @Req() request: Request,
  ): Promise<FhirProviderResponseDto> {
    const provider = await this.commands.execute(
      new SetActiveAuthConfigCommand(tenant.accountId, id, body.auth_config_id),
    );
    return ok('Active auth configuration set', { data: this.view(provider, request) });
  }

  private view(provider: FhirProvider | SandboxProvider, request: Request) {
    const origin = requestOrigin(request, this.settings.publicBaseUrl);
    return provider.provider === 'sandbox'
      ? sandboxView(provider, origin)
      : providerView(provider, origin);
  }
}
