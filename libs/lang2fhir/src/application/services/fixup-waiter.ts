import { Inject, Injectable } from '@nestjs/common';
import { JobQueue } from '@app/shared';
import type { ReferenceFixup } from '../../domain/bundle/reference-fixup.js';
import { FixupSettings } from '../ports/fixup-settings.js';
import { ReferenceFixupRepository } from '../ports/reference-fixup.repository.js';
import { fixupJobId } from '../reference-fixup.job.js';

/**
 * Waits for a fix-up's job through the job port (its completion events; the job may run in
 * another process), up to the configured time; answers the fix-up as it then stands.
 */
@Injectable()
export class FixupWaiter {
  constructor(
    private readonly fixups: ReferenceFixupRepository,
    private readonly jobs: JobQueue,
    @Inject(FixupSettings) private readonly settings: FixupSettings,
  ) {}

  async wait(id: string): Promise<ReferenceFixup> {
    const job = await this.jobs.waitFor(fixupJobId(id), this.settings.fixupWaitMs);
    // A worker records a given-up job's failure just after the queue announces it: the
    // same record (only while pending) is written here so the answer does not race it.
    if (job.state === 'failed') await this.fixups.fail(id, job.reason);
    const fixup = await this.fixups.findById(id);
    if (!fixup) throw new Error(`Reference fix-up ${id} disappeared`);
    return fixup;
  }
}
