import { AppError } from '@app/shared';

export const profileNotFound = (id: string) =>
  AppError.notFound('FHIR_PROFILES.NOT_FOUND', `No custom profile with id "${id}"`);

export const guideNotFound = (name: string) =>
  AppError.notFound('FHIR_PROFILES.GUIDE_NOT_FOUND', `No implementation guide named "${name}"`);

export const builtinReadOnly = (id: string) =>
  AppError.forbidden(
    'FHIR_PROFILES.BUILTIN',
    `"${id}" is a built-in profile and read-only; upload a custom profile with another id to change it`,
  );
