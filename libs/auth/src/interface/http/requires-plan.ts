import {
  CanActivate,
  ExecutionContext,
  Injectable,
  SetMetadata,
  UseGuards,
  applyDecorators,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AppError, CommonErrorCodes, RequestContext, type Plan } from '@app/shared';
import { planAllows } from '../../domain/plan.js';

const REQUIRED_PLAN = 'route:required-plan';

@Injectable()
export class PlanGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const required = this.reflector.getAllAndOverride<Plan | undefined>(REQUIRED_PLAN, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!required) return true;
    const { plan } = RequestContext.requireTenant();
    if (!planAllows(plan, required)) {
      throw AppError.forbidden(
        CommonErrorCodes.PLAN_REQUIRED,
        `This operation requires the ${required} plan (the account is on the ${plan} plan)`,
        {
          required_plan: required,
          current_plan: plan,
        },
      );
    }
    return true;
  }
}

/** Refuses the route with 403 PLAN_REQUIRED unless the caller's account is on `plan` or above. */
export const RequiresPlan = (plan: Plan) =>
  applyDecorators(SetMetadata(REQUIRED_PLAN, plan), UseGuards(PlanGuard));
