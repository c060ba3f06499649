import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { JobQueue } from '@app/shared';
import { BUILTIN_SYSTEMS } from '../../../domain/builtin-systems.js';
import { CodeSearchIndexes } from '../../code-search-indexes.js';
import { EmbedCodeSystemJob, embedJobId } from '../../embed-code-system.job.js';
import { BuiltinSystemStore } from '../../ports/builtin-system.store.js';
import { CodeSearchStore } from '../../ports/code-search.store.js';
import {
  RefreshBuiltinSystemsCommand,
  type RefreshedSystem,
} from './refresh-builtin-systems.command.js';

@CommandHandler(RefreshBuiltinSystemsCommand)
export class RefreshBuiltinSystemsHandler implements ICommandHandler<RefreshBuiltinSystemsCommand> {
  constructor(
    private readonly builtins: BuiltinSystemStore,
    private readonly search: CodeSearchStore,
    private readonly jobs: JobQueue,
    private readonly embedJob: EmbedCodeSystemJob,
    private readonly indexes: CodeSearchIndexes,
  ) {}

  async execute({
    vocabularyIds,
    missingOnly,
  }: RefreshBuiltinSystemsCommand): Promise<RefreshedSystem[]> {
    const refreshed: RefreshedSystem[] = [];
    const systemIds: string[] = [];
    const built = missingOnly
      ? new Set((await this.builtins.listBuiltin()).map((system) => system.name))
      : new Set<string>();
    const wanted = BUILTIN_SYSTEMS.filter(
      (builtin) =>
        (vocabularyIds.length === 0 || vocabularyIds.includes(builtin.vocabularyId)) &&
        !built.has(builtin.name),
    );
    for (const system of await this.builtins.materializeBuiltins(wanted)) {
      if (!system) continue;
      await this.jobs.enqueue(
        this.embedJob,
        { systemId: system.id },
        { jobId: embedJobId(system.id) },
      );
      systemIds.push(system.id);
      refreshed.push({ name: system.name, version: system.version, codes: system.codeCount });
    }
    if (refreshed.length > 0) await this.search.optimizeSearch();
    for (const id of systemIds) this.indexes.warm(id);
    return refreshed;
  }
}
