import { Command } from '@nestjs/cqrs';
import type { SystemCode } from '../../../domain/code-system.js';

export interface UploadCodeSystemInput {
  name: string;
  version: string;
  revision?: number;
  format: 'csv' | 'json';
  file?: string;
  codeColumn?: string;
  descriptionColumn?: string;
  definitionColumn?: string;
  codes?: SystemCode[];
  replace: boolean;
}

export class UploadCodeSystemCommand extends Command<{
  status: 'processing';
  name: string;
  version: string;
}> {
  constructor(
    readonly accountId: string,
    readonly input: UploadCodeSystemInput,
  ) {
    super();
  }
}
