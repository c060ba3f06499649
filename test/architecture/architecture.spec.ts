import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readKnownViolations } from './known-violations.js';
import { ARCHITECTURE_RULES, violationLine, type ArchitectureRule } from './rules/index.js';
import { readSourceTree, type SourceFile } from './source-tree.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const REPOSITORY = join(HERE, '..', '..');
const KNOWN = join(HERE, 'known-violations.txt');
const FOLDERS = ['libs', 'apps'];

const lines = (rule: ArchitectureRule, files: readonly SourceFile[]): string[] =>
  rule.check(files).map(violationLine);

describe('architecture rules over the source tree (docs/architecture.md)', () => {
  const files = readSourceTree(REPOSITORY, FOLDERS);
  const known = readKnownViolations(KNOWN);
  const found = ARCHITECTURE_RULES.flatMap((rule) => lines(rule, files));

  it('reads the libraries', () => {
    expect(files.some((file) => file.path.startsWith('libs/shared/src/'))).toBe(true);
  });

  it('finds no breach that is not on the known-violations list', () => {
    expect(found.filter((line) => !known.includes(line))).toEqual([]);
  });

  it('lists no breach that has been fixed (the list only shrinks)', () => {
    expect(known.filter((line) => !found.includes(line))).toEqual([]);
  });
});

/** A small tree with one deliberate breach of each rule, beside code that follows every rule. */
const FIXTURE: Record<string, string> = {
  'libs/clinic/src/domain/visit.ts': [
    "import { DomainError } from '@app/shared';",
    "export const late = () => new DomainError('CLINIC.LATE', 'invalid', 'The visit is late');",
  ].join('\n'),
  'libs/clinic/src/domain/visit-rules.ts': [
    "import { AppError } from '@app/shared';",
    "export const closed = () => AppError.badRequest('CLINIC.CLOSED', 'The clinic is closed');",
  ].join('\n'),
  'libs/clinic/src/domain/visit-answer.ts': 'export const answer = { status: 404, code: "x" };',
  'libs/clinic/src/infrastructure/persistence/sql-visit.repository.ts': [
    "import { RequestContext } from '@app/shared';",
    'export const owner = () => RequestContext.requireTenant().accountId;',
  ].join('\n'),
  'libs/clinic/src/interface/http/current-caller.decorator.ts': [
    "import { createParamDecorator } from '@nestjs/common';",
    "import { RequestContext } from '@app/shared';",
    'export const CurrentCaller = createParamDecorator(() => RequestContext.requireTenant());',
  ].join('\n'),
  'libs/clinic/src/application/commands/book-visit/book-visit.command.ts':
    'export class BookVisitCommand {}',
  'libs/clinic/src/application/commands/book-visit/book-visit.handler.ts': [
    "import { GetRoomQuery } from '@app/rooms';",
    "import { CloseVisitCommand } from './close-visit.command.js';",
    'export class BookVisitHandler {',
    '  run(queries: any, commands: any) {',
    '    commands.execute(new CloseVisitCommand());',
    '    return queries.execute(',
    '      new GetRoomQuery());',
    '  }',
    '}',
  ].join('\n'),
  'libs/clinic/src/application/commands/book-visit/book-visit.handler.spec.ts': 'export {};',
  'libs/clinic/src/application/commands/book-visit/slot-picker.ts': 'export const pick = 1;',
  'libs/clinic/src/application/queries/get-visit/get-visit.handler.ts': 'export {};',
  'libs/clinic/src/application/queries/loose.handler.ts': 'export {};',
};

describe('each rule fails on a deliberate breach in a fixture tree', () => {
  let root: string;
  let files: SourceFile[];

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'architecture-fixture-'));
    for (const [path, text] of Object.entries(FIXTURE)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    files = readSourceTree(root, FOLDERS);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const rule = (id: string): ArchitectureRule => {
    const found = ARCHITECTURE_RULES.find((candidate) => candidate.id === id);
    if (!found) throw new Error(`no rule ${id}`);
    return found;
  };

  it('no-http-in-core: AppError or an HTTP status in domain/, not a domain error', () => {
    expect(lines(rule('no-http-in-core'), files)).toEqual([
      'no-http-in-core libs/clinic/src/domain/visit-answer.ts http-status-literal',
      'no-http-in-core libs/clinic/src/domain/visit-rules.ts AppError',
    ]);
  });

  it('no-ambient-tenant: a repository reading the tenant, not the edge decorator', () => {
    expect(lines(rule('no-ambient-tenant'), files)).toEqual([
      'no-ambient-tenant libs/clinic/src/infrastructure/persistence/sql-visit.repository.ts RequestContext.requireTenant',
    ]);
  });

  it("no-foreign-bus-dispatch: another library's query on the bus, not the library's own command", () => {
    expect(lines(rule('no-foreign-bus-dispatch'), files)).toEqual([
      'no-foreign-bus-dispatch libs/clinic/src/application/commands/book-visit/book-visit.handler.ts GetRoomQuery@rooms',
    ]);
  });

  it('use-case-folder-shape: a stray helper, a missing message and a handler outside a folder', () => {
    expect(lines(rule('use-case-folder-shape'), files).sort()).toEqual([
      'use-case-folder-shape libs/clinic/src/application/commands/book-visit unexpected:slot-picker.ts',
      'use-case-folder-shape libs/clinic/src/application/queries/get-visit missing:get-visit.query.ts',
      'use-case-folder-shape libs/clinic/src/application/queries/loose.handler.ts outside-a-use-case-folder',
    ]);
  });

  it('the fixture breaks each rule at least once, so every rule is shown failing', () => {
    for (const each of ARCHITECTURE_RULES) expect(lines(each, files).length).toBeGreaterThan(0);
  });
});
