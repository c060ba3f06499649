import { createParamDecorator } from '@nestjs/common';
import { RequestContext, type Tenant } from '@app/shared';

/** The authenticated caller's tenant, for controllers that pass it on explicitly. */
export const CurrentTenant = createParamDecorator((): Tenant => RequestContext.requireTenant());
