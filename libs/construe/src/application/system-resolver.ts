import { AppError } from '@app/shared';
import type { CodeSystem } from '../domain/code-system.js';
import { readSystemName } from '../domain/system-name.js';
import type { CodeSystemRepository } from './ports/code-system.repository.js';

/** The canonical name (see readSystemName), or 400 naming what is wrong with it. */
export function systemNameOrThrow(raw: string): string {
  const reading = readSystemName(raw);
  if (!reading.ok) throw AppError.badRequest('CONSTRUE.INVALID_SYSTEM_NAME', reading.problem);
  return reading.name;
}

/**
 * The one system a request means: by name (any case) and, when several versions are
 * visible, by version. Another account's systems are invisible, hence 404.
 */
export async function resolveSystem(
  repository: CodeSystemRepository,
  accountId: string,
  name: string,
  version?: string,
): Promise<CodeSystem> {
  const normalized = systemNameOrThrow(name);
  const candidates = await repository.findOwnedByName(accountId, normalized);
  const matching =
    version === undefined ? candidates : candidates.filter((system) => system.version === version);
  if (matching.length === 0) {
    throw AppError.notFound(
      'CONSTRUE.SYSTEM_NOT_FOUND',
      version === undefined
        ? `No code system ${normalized}`
        : `No code system ${normalized} with version ${version}`,
    );
  }
  if (matching.length > 1) {
    throw AppError.badRequest(
      'CONSTRUE.VERSION_REQUIRED',
      `Code system ${normalized} has several versions; pass version`,
      {
        versions: matching.map((system) => system.version),
      },
    );
  }
  return matching[0];
}
