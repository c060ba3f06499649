import { AppError } from '@app/shared';

export const profileNotFound = (id: string) =>
  AppError.notFound('FHIR_PROFILES.NOT_FOUND', `No custom profile with id "${id}"`);

export const guideNotFound = (name: string) =>
  AppError.notFound('FHIR_PROFILES.GUIDE_NOT_FOUND', `No implementation guide named "${name}"`);
