/** How follow-up PUTs run: attempts and backoff of their job, and how long the API waits for it. */
export abstract class FixupSettings {
  abstract readonly fixupWaitMs: number;
  abstract readonly fixupAttempts: number;
  abstract readonly fixupBackoffMs: number;
}
