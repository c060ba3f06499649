import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { AppError, JobQueue, RequestContext } from '@app/shared';
import { builtinSystem } from '../../../domain/builtin-systems.js';
import type { SystemCode } from '../../../domain/code-system.js';
import {
  codesFromCsv,
  codesFromJsonFile,
  UploadFormatError,
  validateCodes,
} from '../../../domain/uploaded-codes.js';
import { EmbedCodeSystemJob, embedJobId } from '../../embed-code-system.job.js';
import { CodeSystemRepository } from '../../ports/code-system.repository.js';
import { systemNameOrThrow } from '../../system-resolver.js';
import {
  UploadCodeSystemCommand,
  type UploadCodeSystemInput,
} from './upload-code-system.command.js';

function parseCodes(input: UploadCodeSystemInput): SystemCode[] {
  try {
    if (input.format === 'json' && input.codes !== undefined) return validateCodes(input.codes);
    if (input.file === undefined)
      throw new UploadFormatError(
        input.format === 'json' ? 'codes or file is required' : 'file is required for csv uploads',
      );
    if (input.format === 'json') return codesFromJsonFile(input.file);
    return codesFromCsv(input.file, {
      codeColumn: input.codeColumn,
      descriptionColumn: input.descriptionColumn,
      definitionColumn: input.definitionColumn,
    });
  } catch (error) {
    if (error instanceof UploadFormatError) {
      throw AppError.badRequest(
        'CONSTRUE.INVALID_UPLOAD',
        `Invalid upload: ${error.message}`,
        error.row === undefined ? undefined : { row: error.row },
      );
    }
    throw error;
  }
}

/** Validates everything before storing anything; the embeddings follow asynchronously. */
@CommandHandler(UploadCodeSystemCommand)
export class UploadCodeSystemHandler implements ICommandHandler<UploadCodeSystemCommand> {
  constructor(
    private readonly systems: CodeSystemRepository,
    private readonly jobs: JobQueue,
    private readonly embedJob: EmbedCodeSystemJob,
  ) {}

  async execute({ input }: UploadCodeSystemCommand) {
    const name = systemNameOrThrow(input.name);
    if (builtinSystem(name)) {
      throw AppError.forbidden(
        input.replace ? 'CONSTRUE.BUILTIN_NOT_REPLACEABLE' : 'CONSTRUE.BUILTIN_NAME_RESERVED',
        input.replace
          ? `${name} is a builtin code system and cannot be replaced`
          : `${name} is the name of a builtin code system`,
      );
    }
    const codes = parseCodes(input);
    const { accountId } = RequestContext.requireTenant();
    // Nothing is stored for a request that answers an error: the queue is checked first,
    // and a system whose job could not be enqueued after all is removed again.
    await this.jobs.assertAvailable();
    const system = await this.systems.createCustom(
      {
        id: randomUUID(),
        accountId,
        name,
        version: input.version,
        revision: input.revision ?? null,
      },
      codes,
      input.replace,
    );
    try {
      await this.jobs.enqueue(
        this.embedJob,
        { systemId: system.id },
        { jobId: embedJobId(system.id) },
      );
    } catch (error) {
      await this.systems.deleteCustom(system.id);
      throw error;
    }
    return { status: 'processing' as const, name: system.name, version: system.version };
  }
}
