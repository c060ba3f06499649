import { Injectable } from '@nestjs/common';
import { AppError } from '@app/shared';
import { OutboundError, OutboundHttp } from '@app/fhir';

/** Refuses, at registration, URLs the service will never call (metadata, link-local, loopback…). */
@Injectable()
export class OutboundTargetCheck {
  constructor(private readonly http: OutboundHttp) {}

  async assertAllowed(url: string, field: string): Promise<void> {
    try {
      await this.http.assertAllowedHost(new URL(url));
    } catch (error) {
      if (!(error instanceof OutboundError)) throw error;
      const message = `${field}: ${error.message}`;
      throw AppError.badRequest('FHIR_PROVIDER.TARGET_REFUSED', message, [
        { field, problems: [message] },
      ]);
    }
  }
}
