export type CodeSystemStatus = 'processing' | 'ready' | 'failed';

export interface CodeSystem {
  id: string;
  accountId: string | null;
  name: string;
  version: string;
  revision: number | null;
  builtin: boolean;
  status: CodeSystemStatus;
  error: string | null;
  codeCount: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface SystemCode {
  code: string;
  description: string;
  definition?: string;
}
