import { WorkflowError, WorkflowErrorCodes } from '../workflow-errors.js';
import { escapeRegExp } from './resource-vocabulary.js';

/** Another workflow of the account, as the planner needs to know it. */
export interface KnownWorkflow {
  id: string;
  name: string;
  /** Fields of its sample data: what it expects as input. */
  inputFields: string[];
  /** Resource types its steps find or create (what a caller can link to afterwards). */
  producedTypes: string[];
}

const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/i;
const QUOTED = /["“'‘]([^"”'’]+)["”'’]/;

/**
 * The workflow a clause calls: by id, by a quoted name, by a known name written in the
 * clause, or by the words around "workflow" ("run the intake workflow", "call workflow Intake").
 */
export function resolveSubWorkflow(clause: string, known: KnownWorkflow[]): KnownWorkflow {
  const id = UUID.exec(clause)?.[0];
  if (id) {
    const found = known.find((workflow) => workflow.id.toLowerCase() === id.toLowerCase());
    if (!found) throw unknown(`with id ${id}`, clause);
    return found;
  }
  const quoted = QUOTED.exec(clause)?.[1]?.trim();
  if (quoted) return byName(quoted, clause, known);
  const named = known
    .filter((workflow) =>
      new RegExp(`(?<![\\w-])${escapeRegExp(workflow.name.trim())}(?![\\w-])`, 'i').test(clause),
    )
    .sort((a, b) => b.name.length - a.name.length);
  if (named.length > 0) {
    const longest = named.filter((workflow) => workflow.name.length === named[0].name.length);
    return byName(longest[0].name, clause, known);
  }
  const written =
    /\b(?:run|call|execute|invoke|trigger|start|launch|use|perform|apply)\s+(?:the\s+)?(.+?)\s+(?:sub-?)?workflow\b/i.exec(
      clause,
    )?.[1] ?? /\bworkflow\s+(?:called\s+|named\s+)?(.+)$/i.exec(clause)?.[1];
  throw unknown(written ? `named "${written.trim()}"` : 'named in it', clause);
}

function byName(name: string, clause: string, known: KnownWorkflow[]): KnownWorkflow {
  const matches = known.filter(
    (workflow) => workflow.name.trim().toLowerCase() === name.toLowerCase(),
  );
  if (matches.length === 1) return matches[0];
  if (matches.length === 0) throw unknown(`named "${name}"`, clause);
  throw new WorkflowError(
    'invalid',
    WorkflowErrorCodes.AMBIGUOUS_SUB_WORKFLOW,
    `"${clause}" names the workflow "${name}", but ${matches.length} of your workflows have that name (${matches.map((m) => m.id).join(', ')}); call it by id`,
  );
}

function unknown(what: string, clause: string): WorkflowError {
  return new WorkflowError(
    'invalid',
    WorkflowErrorCodes.UNKNOWN_SUB_WORKFLOW,
    `"${clause}" calls a workflow ${what}, but you have no such workflow`,
  );
}
