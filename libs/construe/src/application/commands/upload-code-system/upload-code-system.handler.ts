import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { AppError, inBackground, JobQueue, RequestContext } from '@app/shared';
import { builtinSystem } from '../../../domain/builtin-systems.js';
import type { SystemCode } from '../../../domain/code-system.js';
import {
  codesFromCsv,
  codesFromJsonFile,
  UploadFormatError,
  validateCodes,
} from '../../../domain/uploaded-codes.js';
import { EmbedCodeSystemJob, embedJobId } from '../../embed-code-system.job.js';
import { CustomSystemStore } from '../../ports/custom-system-store.js';
import { systemNameOrThrow } from '../../system-resolver.js';
import {
  UploadCodeSystemCommand,
  type UploadCodeSystemInput,
} from './upload-code-system.command.js';

/** One turn of the event loop between slices, and a stop when the request's deadline passed. */
function yieldingTo(signal: AbortSignal | undefined) {
  return async () => {
    await nextTurn();
    signal?.throwIfAborted();
  };
}

async function parseCodes(
  input: UploadCodeSystemInput,
  signal: AbortSignal | undefined,
): Promise<SystemCode[]> {
  const yieldToLoop = yieldingTo(signal);
  try {
    if (input.format === 'json' && input.codes !== undefined)
      return await validateCodes(input.codes, yieldToLoop);
    if (input.file === undefined)
      throw new UploadFormatError(
        input.format === 'json' ? 'codes or file is required' : 'file is required for csv uploads',
      );
    if (input.format === 'json') return await codesFromJsonFile(input.file, yieldToLoop);
    return await codesFromCsv(
      input.file,
      {
        codeColumn: input.codeColumn,
        descriptionColumn: input.descriptionColumn,
        definitionColumn: input.definitionColumn,
      },
      yieldToLoop,
    );
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

/**
 * Validates everything before storing anything, then writes in short steps (see
 * CustomSystemStore): the system appears only once every code is stored. The embeddings
 * follow asynchronously.
 */
@CommandHandler(UploadCodeSystemCommand)
export class UploadCodeSystemHandler implements ICommandHandler<UploadCodeSystemCommand> {
  constructor(
    private readonly store: CustomSystemStore,
    private readonly jobs: JobQueue,
    private readonly embedJob: EmbedCodeSystemJob,
  ) {}

  async execute({ accountId, input }: UploadCodeSystemCommand) {
    const name = systemNameOrThrow(input.name);
    if (builtinSystem(name)) {
      throw AppError.forbidden(
        input.replace ? 'CONSTRUE.BUILTIN_NOT_REPLACEABLE' : 'CONSTRUE.BUILTIN_NAME_RESERVED',
        input.replace
          ? `${name} is a builtin code system and cannot be replaced`
          : `${name} is the name of a builtin code system`,
      );
    }
    const signal = RequestContext.signal();
    const codes = await parseCodes(input, signal);
    // Nothing is left stored for a request that answers an error: the queue is checked
    // first, and what a failed upload wrote is removed again.
    await this.jobs.assertAvailable();
    const hidden = await this.store.begin(
      {
        id: randomUUID(),
        accountId,
        name,
        version: input.version,
        revision: input.revision ?? null,
      },
      codes.length,
      input.replace,
    );
    let published: Awaited<ReturnType<CustomSystemStore['publish']>>;
    try {
      // Bulk writes: other requests' statements go first (see inBackground).
      await inBackground(() => this.store.appendCodes(hidden.id, codes, signal));
      published = await this.store.publish(hidden.id, input.replace);
    } catch (error) {
      await this.store.removeOwned(accountId, hidden.id);
      throw error;
    }
    const { system, replacedId } = published;
    try {
      await this.jobs.enqueue(
        this.embedJob,
        { systemId: system.id },
        { jobId: embedJobId(system.id) },
      );
    } catch (error) {
      await this.store.removeOwned(accountId, system.id);
      throw error;
    }
    if (replacedId !== null) await this.store.removeOwned(accountId, replacedId);
    return { status: 'processing' as const, name: system.name, version: system.version };
  }
}
