import { describe, expect, it } from 'vitest';
import { workPacer } from './work-pacer.js';

/** Runs `pace` once and says whether an immediate queued before it ran before it resolved. */
async function letsTheLoopRun(pace: () => Promise<void>): Promise<boolean> {
  let ran = false;
  setImmediate(() => {
    ran = true;
  });
  await pace();
  return ran;
}

describe('workPacer', () => {
  it('lets the event loop run once the slice is spent', async () => {
    expect(await letsTheLoopRun(workPacer(undefined, 0))).toBe(true);
  });

  it('goes on without a turn of the event loop while the slice lasts', async () => {
    expect(await letsTheLoopRun(workPacer(undefined, 60_000))).toBe(false);
  });

  it('stops the work with the reason of an aborted signal when it pauses', async () => {
    const controller = new AbortController();
    const pace = workPacer(controller.signal, 0);
    await pace();
    controller.abort(new Error('deadline'));
    await expect(pace()).rejects.toThrow('deadline');
  });
});
