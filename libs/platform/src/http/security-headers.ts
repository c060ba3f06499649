import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

/** helmet everywhere; the Swagger UI page needs inline scripts and styles, so it gets a looser CSP. */
export function securityHeaders(docsPath: string): RequestHandler {
  const strict = helmet();
  const docs = helmet({
    contentSecurityPolicy: {
      directives: {
        'script-src': ["'self'", "'unsafe-inline'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:'],
      },
    },
  });
  return (request: Request, response: Response, next: NextFunction) => {
    const handler =
      request.path === docsPath || request.path.startsWith(`${docsPath}/`) ? docs : strict;
    handler(request, response, next);
  };
}
