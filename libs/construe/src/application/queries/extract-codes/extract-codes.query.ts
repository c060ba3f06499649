import { Query } from '@nestjs/cqrs';

export interface ExtractedCode {
  code: string;
  description: string;
  text: string;
  start: number;
  end: number;
  matched_by: 'description' | 'code';
}

export class ExtractCodesQuery extends Query<{
  system: { name: string; version: string };
  codes: ExtractedCode[];
}> {
  constructor(
    readonly accountId: string,
    readonly text: string,
    readonly system: string,
    readonly version?: string,
  ) {
    super();
  }
}
