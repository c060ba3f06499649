import type { z } from 'zod';

/**
 * One of the service's own capabilities as a tool, bound to one account: offered by the
 * MCP endpoint and to agents in chat. `run` gets arguments already checked against `input`.
 */
export interface ServiceTool {
  name: string;
  title: string;
  description: string;
  input: z.ZodObject;
  run(args: Record<string, unknown>): Promise<unknown>;
}

/** A tool whose `run` sees its arguments typed by its own schema. */
export function defineTool<Input extends z.ZodObject>(tool: {
  name: string;
  title: string;
  description: string;
  input: Input;
  run(args: z.output<Input>): Promise<unknown>;
}): ServiceTool {
  return {
    ...tool,
    run: (args) => tool.run(args as z.output<Input>),
  };
}
