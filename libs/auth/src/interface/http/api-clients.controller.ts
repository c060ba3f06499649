import { Body, Controller, Delete, Get, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { ok, type Tenant } from '@app/shared';
import { AddOwnClientCommand } from '../../application/commands/add-own-client/add-own-client.command.js';
import { DisableOwnClientCommand } from '../../application/commands/disable-own-client/disable-own-client.command.js';
import { ListOwnClientsQuery } from '../../application/queries/list-own-clients/list-own-clients.query.js';
import { CurrentTenant } from './current-tenant.decorator.js';
import {
  CreateApiClientDto,
  CreatedApiClientResponseDto,
  ListApiClientsResponseDto,
} from './api-clients.dto.js';

/** The caller's own account: its API clients (rotation = add a client, switch, disable the old one). */
@ApiTags('auth')
@ApiBearerAuth('bearer')
@Controller('v2/auth/clients')
export class ApiClientsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  @ApiOperation({
    summary: "List the API clients of the caller's account (secrets are never returned)",
  })
  @ApiOkResponse({ type: ListApiClientsResponseDto })
  async list(@CurrentTenant() tenant: Tenant): Promise<ListApiClientsResponseDto> {
    const clients = await this.queries.execute(new ListOwnClientsQuery(tenant.accountId));
    return ok('API clients retrieved', {
      clients: clients.map((client) => ({
        client_id: client.clientId,
        name: client.name,
        enabled: client.enabled,
        created_at: client.createdAt.toISOString(),
      })),
    });
  }

  @Post()
  @ApiOperation({ summary: "Add an API client to the caller's account; the secret is shown once" })
  @ApiCreatedResponse({ type: CreatedApiClientResponseDto })
  async create(
    @CurrentTenant() tenant: Tenant,
    @Body() body: CreateApiClientDto,
  ): Promise<CreatedApiClientResponseDto> {
    const created = await this.commands.execute(
      new AddOwnClientCommand(tenant.accountId, body.name),
    );
    return ok('API client created', {
      client_id: created.clientId,
      client_secret: created.clientSecret,
      name: created.name,
    });
  }

  @Delete(':clientId')
  @ApiOperation({
    summary: "Disable one of the account's API clients; its tokens stop working at once",
  })
  async disable(
    @CurrentTenant() tenant: Tenant,
    @Param('clientId') clientId: string,
  ): Promise<{ success: true; message: string }> {
    await this.commands.execute(
      new DisableOwnClientCommand(tenant.accountId, tenant.clientId, clientId),
    );
    return ok('API client disabled', {});
  }
}
