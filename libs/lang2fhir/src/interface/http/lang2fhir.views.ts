import type { ReferenceFixupReport } from '../../application/commands/create-multi-from-text/create-multi-from-text.command.js';
import type { ReferenceFixupDto } from './lang2fhir.dto.js';

export function fixupView(fixup: ReferenceFixupReport): ReferenceFixupDto {
  return {
    id: fixup.id,
    status: fixup.status,
    updated: fixup.updated,
    ...(fixup.error ? { error: fixup.error } : {}),
  };
}
