import { Injectable } from '@nestjs/common';
import { checkFhirInput, conformResource, describeFinding, warningLines } from '@app/fhir';
import { AppError, RequestContext } from '@app/shared';
import { FhirValidator, type FhirReadOptions } from '../../application/ports/fhir-validator.js';
import { SummaryErrorCodes } from '../../domain/summary-errors.js';

const MAX_IN_MESSAGE = 20;

/** The shared input policy, which validates with Medplum against the R4 StructureDefinitions. */
@Injectable()
export class MedplumFhirValidator extends FhirValidator {
  async validate(value: unknown, field: string, options: FhirReadOptions): Promise<string[]> {
    const check = await checkFhirInput(value, {
      field,
      strict: options.strict,
      signal: RequestContext.signal(),
    });
    const { errors } = check;
    if (errors.length === 0) return warningLines(check);
    const listed = errors.slice(0, MAX_IN_MESSAGE).map(describeFinding);
    const more = errors.length - listed.length + check.unlisted;
    throw AppError.badRequest(
      SummaryErrorCodes.INVALID_FHIR,
      `${field} is not FHIR R4 that can be read: ${listed.join('; ')}${more > 0 ? `; and ${more} more` : ''}`,
      errors,
    );
  }

  async conform(resource: Record<string, unknown>): Promise<{
    resource: Record<string, unknown>;
    removed: string[];
    remaining: string[];
  }> {
    const conformed = await conformResource(resource, RequestContext.signal());
    return {
      resource: conformed.resource,
      removed: conformed.removed.map(describeFinding),
      remaining: conformed.remaining.map(describeFinding),
    };
  }
}
