import { AsyncLocalStorage } from 'node:async_hooks';
import { AppError } from '../errors/app-error.js';
import type { Plan } from './plan.js';

/** Who is calling: the account that owns every row the request reads or writes. */
export interface Tenant {
  accountId: string;
  clientId: string;
  plan: Plan;
}

interface RequestStore {
  requestId: string;
  tenant?: Tenant;
  signal?: AbortSignal;
}

const storage = new AsyncLocalStorage<RequestStore>();

/** Per-request context (request id, tenant), carried through async calls without parameters. */
export const RequestContext = {
  run<T>(requestId: string, work: () => T): T {
    return storage.run({ requestId }, work);
  },

  requestId(): string | undefined {
    return storage.getStore()?.requestId;
  },

  setTenant(tenant: Tenant): void {
    const store = storage.getStore();
    if (!store) throw new Error('RequestContext.setTenant called outside a request');
    store.tenant = tenant;
  },

  /** Aborted when the request's deadline passes or its client goes away (see throwIfStopped). */
  setSignal(signal: AbortSignal): void {
    const store = storage.getStore();
    if (!store) throw new Error('RequestContext.setSignal called outside a request');
    store.signal = signal;
  },

  signal(): AbortSignal | undefined {
    return storage.getStore()?.signal;
  },

  tenant(): Tenant | undefined {
    return storage.getStore()?.tenant;
  },

  /** The caller's tenant; repositories use it to scope every query. */
  requireTenant(): Tenant {
    const tenant = storage.getStore()?.tenant;
    if (!tenant)
      throw AppError.unauthorized('AUTH.NO_TENANT', 'This operation needs an authenticated caller');
    return tenant;
  },
};
