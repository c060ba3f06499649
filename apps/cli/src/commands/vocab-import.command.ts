import { basename } from 'node:path';
import type { INestApplicationContext } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ConstrueModule, RefreshBuiltinSystemsCommand } from '@app/construe';
import type { AppConfig } from '@app/shared';
import {
  ImportAthenaCommand,
  ImportPublisherFileCommand,
  type ImportProgress,
  type PublisherFileKind,
  VocabularyModule,
} from '@app/vocabulary';
import type { CliCommand } from './cli-command.js';
import { checkVocabImportOptions, type VocabImportOptions } from './vocab-import.options.js';
import { migrate } from './migrate.command.js';

function progress({ table, rows, done, rowsPerSecond, etaSeconds }: ImportProgress): void {
  const rate = rowsPerSecond === undefined ? '' : ` (${rowsPerSecond.toLocaleString('en')} rows/s`;
  const eta = etaSeconds == null || done ? '' : `, ETA ${Math.ceil(etaSeconds)} s`;
  const figures = rate === '' ? '' : `${rate}${eta})`;
  process.stderr.write(
    done ? `  ${table}: ${rows} rows${figures}\n` : `  ${table}: ${rows} rows…${figures}\r`,
  );
}

/** The publisher's release, from --release or the file name (a 4-digit year), for the system's version. */
function releaseOf(kind: PublisherFileKind, path: string, release: string | undefined): string {
  if (release) return release;
  const year = /(19|20)\d{2}/.exec(basename(path))?.[0];
  return `${kind.toUpperCase()} ${year ?? 'unknown release'}`;
}

async function importVocabulary(
  app: INestApplicationContext,
  config: AppConfig,
  options: VocabImportOptions,
): Promise<void> {
  const source = checkVocabImportOptions(options);
  if (config.runMigrations) await migrate(app, config);
  const commands = app.get(CommandBus);
  const started = Date.now();
  let vocabularyIds: string[];
  let unchanged = false;
  if (source === 'athena') {
    process.stderr.write(`Importing the Athena vocabulary in ${options.athena}\n`);
    const summary = await commands.execute(new ImportAthenaCommand(options.athena!, progress));
    vocabularyIds = summary.vocabularyIds;
    unchanged = summary.unchanged;
    const seconds = (Date.now() - started) / 1000;
    const rows = summary.tables.reduce((sum, table) => sum + table.rows, 0);
    process.stdout.write(
      `Imported ${summary.tables.map((table) => `${table.table} (${table.rows})`).join(', ')} in ${seconds.toFixed(1)} s (${Math.round(rows / seconds)} rows/s)\n`,
    );
  } else {
    const path = options[source]!;
    process.stderr.write(`Importing ${source} codes from ${path}\n`);
    const result = await commands.execute(
      new ImportPublisherFileCommand(
        source,
        path,
        releaseOf(source, path, options.release),
        progress,
      ),
    );
    vocabularyIds = [result.vocabularyId];
    process.stdout.write(
      `Imported ${result.codes} ${result.vocabularyId} codes (${result.version})\n`,
    );
  }
  const refreshStarted = Date.now();
  // Files imported again without a change leave the builtin systems as they are (those
  // missing, say after an interrupted refresh, are still built).
  if (unchanged) process.stdout.write('No vocabulary row changed\n');
  const refreshed = await commands.execute(
    new RefreshBuiltinSystemsCommand(vocabularyIds, unchanged),
  );
  for (const system of refreshed)
    process.stdout.write(
      `Builtin code system ${system.name} ${system.version}: ${system.codes} codes (embedding queued)\n`,
    );
  process.stdout.write(
    `Refreshed ${refreshed.length} builtin code systems in ${((Date.now() - refreshStarted) / 1000).toFixed(1)} s\n`,
  );
  process.stdout.write(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}

export const vocabImportCommand: CliCommand<VocabImportOptions> = {
  imports: () => [VocabularyModule, ConstrueModule],
  run: importVocabulary,
};
