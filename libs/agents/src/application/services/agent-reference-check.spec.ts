import { ProviderDirectory, sandboxProviderId, type ProviderSummary } from '@app/fhir-provider';
import { AppError } from '@app/shared';
import { WorkflowDirectory, type WorkflowSummary } from '@app/workflows';
import { describe, expect, it } from 'vitest';
import type { AgentPrompt } from '../../domain/agent-prompt.js';
import type { AgentDraft } from '../../domain/agent-draft.js';
import { PromptRepository } from '../ports/prompt.repository.js';
import {
  ToolServerRepository,
  type ToolServerWithSecrets,
} from '../ports/tool-server.repository.js';
import { AgentReferenceCheck } from './agent-reference-check.js';

const ACCOUNT = '9b2f6c1e-0000-4000-8000-000000000001';
const PROMPT = 'aaaaaaaa-0000-4000-8000-000000000001';
const SERVER = 'bbbbbbbb-0000-4000-8000-000000000001';
const WORKFLOW = 'cccccccc-0000-4000-8000-000000000001';
const PROVIDER = 'dddddddd-0000-4000-8000-000000000001';

class OnePrompt extends PromptRepository {
  findMany(_accountId: string, ids: readonly string[]): Promise<AgentPrompt[]> {
    return Promise.resolve(
      ids.some((id) => id.toLowerCase() === PROMPT) ? [{ id: PROMPT } as AgentPrompt] : [],
    );
  }
  create = () => Promise.reject(new Error('unused'));
  list = () => Promise.reject(new Error('unused'));
  find = () => Promise.reject(new Error('unused'));
  findDefault = () => Promise.reject(new Error('unused'));
  replace = () => Promise.reject(new Error('unused'));
  delete = () => Promise.reject(new Error('unused'));
}

class OneServer extends ToolServerRepository {
  findMany(_accountId: string, ids: readonly string[]): Promise<ToolServerWithSecrets[]> {
    return Promise.resolve(
      ids.includes(SERVER)
        ? [{ server: { id: SERVER } as ToolServerWithSecrets['server'], encryptedHeaders: null }]
        : [],
    );
  }
  insert = () => Promise.reject(new Error('unused'));
  list = () => Promise.reject(new Error('unused'));
  find = () => Promise.reject(new Error('unused'));
  delete = () => Promise.reject(new Error('unused'));
}

/** The other libraries' answers: one workflow, one named provider and the sandbox. */
class OneWorkflow extends WorkflowDirectory {
  list(_accountId: string, ids?: readonly string[]): Promise<WorkflowSummary[]> {
    return Promise.resolve(
      (ids ?? []).includes(WORKFLOW)
        ? [{ id: WORKFLOW, name: 'w', workflowInstructions: '', inputFields: [] }]
        : [],
    );
  }
}

class OneProvider extends ProviderDirectory {
  find(_accountId: string, reference: string): Promise<ProviderSummary | null> {
    if (reference === 'hospital' || reference === PROVIDER)
      return Promise.resolve({ id: PROVIDER, name: 'hospital', provider: 'epic' });
    if (reference === 'sandbox')
      return Promise.resolve({
        id: sandboxProviderId(ACCOUNT),
        name: 'sandbox',
        provider: 'sandbox',
      });
    return Promise.resolve(null);
  }
}

const check = new AgentReferenceCheck(
  new OnePrompt(),
  new OneServer(),
  new OneWorkflow(),
  new OneProvider(),
);
const draft = (extra: Partial<AgentDraft>): AgentDraft => ({
  name: 'a',
  description: '',
  promptIds: [],
  toolServerIds: [],
  workflowIds: [],
  tags: [],
  ...extra,
});

describe('checking the references of an agent', () => {
  it('keeps found ids in their stored spelling and settles the provider', async () => {
    const content = await check.resolve(
      ACCOUNT,
      draft({
        promptIds: [PROMPT.toUpperCase()],
        toolServerIds: [SERVER],
        workflowIds: [WORKFLOW],
        provider: 'hospital',
      }),
    );
    expect(content).toMatchObject({
      promptIds: [PROMPT],
      toolServerIds: [SERVER],
      workflowIds: [WORKFLOW],
      provider: PROVIDER,
    });
  });

  it('gives the sandbox without a provider, and a list of ids for a list (repeats merged)', async () => {
    expect((await check.resolve(ACCOUNT, draft({}))).provider).toBe(sandboxProviderId(ACCOUNT));
    expect(
      (await check.resolve(ACCOUNT, draft({ provider: ['hospital', PROVIDER, 'sandbox'] })))
        .provider,
    ).toEqual([PROVIDER, sandboxProviderId(ACCOUNT)]);
  });

  it('fails with a 400 naming every missing id by kind', async () => {
    const failure = await check
      .resolve(
        ACCOUNT,
        draft({
          promptIds: ['p-x'],
          workflowIds: ['w-x', WORKFLOW],
          provider: ['hospital', 'nope'],
        }),
      )
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect((failure as AppError).status).toBe(400);
    expect((failure as AppError).details).toEqual({
      prompts: ['p-x'],
      workflows: ['w-x'],
      provider: ['nope'],
    });
  });
});
