/**
 * How long a turn's session lock lasts without a heartbeat. A turn renews it before every
 * model call and tool call, so only a process that died mid-turn lets it lapse; after
 * that, the session accepts turns again.
 */
export const TURN_LEASE_MS = 10 * 60_000;
