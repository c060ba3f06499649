import { Inject, Injectable } from '@nestjs/common';
import type { ReferenceFixup } from '../../domain/bundle/reference-fixup.js';
import { FixupSettings } from '../ports/fixup-settings.js';
import { ReferenceFixupRepository } from '../ports/reference-fixup.repository.js';

const POLL_MS = 100;

/**
 * Waits for a fix-up job by polling its row (the job may run in another process), up to
 * the configured time; answers the fix-up as it then stands.
 */
@Injectable()
export class FixupWaiter {
  constructor(
    private readonly fixups: ReferenceFixupRepository,
    @Inject(FixupSettings) private readonly settings: FixupSettings,
  ) {}

  async wait(id: string): Promise<ReferenceFixup> {
    const deadline = Date.now() + this.settings.fixupWaitMs;
    for (;;) {
      const fixup = await this.fixups.findById(id);
      if (!fixup) throw new Error(`Reference fix-up ${id} disappeared`);
      if (fixup.status !== 'pending' || Date.now() >= deadline) return fixup;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }
}
