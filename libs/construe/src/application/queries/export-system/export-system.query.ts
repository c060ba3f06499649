import { Query } from '@nestjs/cqrs';
import type { SystemCode } from '../../../domain/code-system.js';

/** A custom system as an upload body: re-uploading it gives the same system. */
export interface ExportedSystem {
  name: string;
  version: string;
  format: 'json';
  codes: SystemCode[];
}

export class ExportSystemQuery extends Query<ExportedSystem> {
  constructor(
    readonly accountId: string,
    readonly name: string,
    readonly version?: string,
  ) {
    super();
  }
}
