import { SetMetadata } from '@nestjs/common';

/** Metadata key read by the global bearer guard: routes marked public need no token. */
export const PUBLIC_ROUTE = 'route:public';

/** Opts a route (or a whole controller) out of bearer authentication. */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(PUBLIC_ROUTE, true);
