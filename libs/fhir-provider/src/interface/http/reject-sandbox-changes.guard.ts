import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { RequestContext } from '@app/shared';
import type { Request } from 'express';
import { assertNotSandbox } from '../../application/services/sandbox-guard.js';

/** Answers 403 for any change to the sandbox provider, before the body is even validated. */
@Injectable()
export class RejectSandboxChanges implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const id = context.switchToHttp().getRequest<Request>().params.id;
    if (typeof id === 'string') assertNotSandbox(RequestContext.requireTenant().accountId, id);
    return true;
  }
}
