import type { StoredMessage } from '../../domain/chat/chat-message.js';

export type TurnLock =
  | { status: 'acquired' }
  | { status: 'busy' }
  | { status: 'not-found' }
  | { status: 'other-agent'; agentId: string };

export interface ChatSessionView {
  id: string;
  agentId: string;
  busy: boolean;
  createdAt: Date;
  updatedAt: Date;
  /** `seq` is the message's position in the session, from 0. */
  messages: (StoredMessage & { createdAt: Date; seq: number })[];
}

/**
 * Chat sessions and their messages. A turn holds the session's lock in the database (a
 * token and a heartbeat), so that replicas refuse a second turn of the same session; a
 * lock whose heartbeat is older than `leaseMs` belongs to a dead process and may be taken.
 */
export abstract class ChatSessionRepository {
  /** A new session whose lock `token` already holds. */
  abstract createLocked(
    accountId: string,
    agentId: string,
    id: string,
    token: string,
  ): Promise<void>;
  abstract acquire(
    accountId: string,
    id: string,
    agentId: string,
    token: string,
    leaseMs: number,
  ): Promise<TurnLock>;
  /** False when the lock is no longer this token's. */
  abstract heartbeat(id: string, token: string): Promise<boolean>;
  abstract release(id: string, token: string): Promise<void>;
  abstract messages(id: string): Promise<StoredMessage[]>;
  abstract append(id: string, message: StoredMessage): Promise<void>;
  abstract view(accountId: string, id: string, leaseMs: number): Promise<ChatSessionView | null>;
}
