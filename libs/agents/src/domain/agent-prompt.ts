/** A reusable system prompt of an account. At most one per account is the default. */
export interface AgentPrompt {
  id: string;
  accountId: string;
  name: string;
  description: string;
  content: string;
  isDefault: boolean;
  tags: string[];
  createdAt: Date;
  updatedAt: Date;
}

export type PromptContent = Pick<
  AgentPrompt,
  'name' | 'description' | 'content' | 'isDefault' | 'tags'
>;
