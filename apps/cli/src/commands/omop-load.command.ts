import type { INestApplicationContext } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  describeTarget,
  LoadOmopCommand,
  OmopBulkModule,
  topReasons,
  type LoadOmopProgress,
  type LoadOmopSummary,
  type OmopTarget,
  type Tally,
} from '@app/omop';
import type { AppConfig } from '@app/shared';
import type { CliCommand } from './cli-command.js';
import { limitHeapGrowthForLoad } from './heap-growth.js';
import { migrate } from './migrate.command.js';
import { checkOmopLoadOptions, type OmopLoadOptions } from './omop-load.options.js';

function printProgress(progress: LoadOmopProgress): void {
  switch (progress.kind) {
    case 'step':
    case 'waiting':
      process.stderr.write(`${progress.message}\n`);
      break;
    case 'staged':
      process.stderr.write(`  read ${progress.resources} resources\r`);
      break;
    case 'batches': {
      const rate = progress.resources / Math.max(progress.seconds, 0.001);
      process.stderr.write(
        `  batches ${progress.done}/${progress.total}, resources ${progress.resources}/${progress.resourcesTotal} (${Math.round(rate)} resources/s)` +
          (progress.done === progress.total ? '\n' : '\r'),
      );
      break;
    }
  }
}

function section(title: string, tally: Tally, limit = 15): string[] {
  const entries = topReasons(tally, limit);
  if (entries.length === 0) return [];
  const more = Object.keys(tally).length - entries.length;
  return [
    `${title}:`,
    ...entries.map(([reason, count]) => `  ${String(count).padStart(7)}  ${reason}`),
    ...(more > 0 ? [`  … and ${more} more`] : []),
  ];
}

function formatLoadSummary(summary: LoadOmopSummary, target: OmopTarget): string {
  const rate = (count: number, seconds: number) => Math.round(count / Math.max(seconds, 0.001));
  const lines = [
    `Loaded ${summary.resources} resources from ${summary.files} files (${summary.patients} patients, ${summary.batches} batches) into ${describeTarget(target)}`,
    ...(summary.unchangedPatients > 0
      ? [
          `Skipped ${summary.unchangedPatients} patients unchanged since the last load (--full rewrites them)`,
        ]
      : []),
    ...(summary.unchangedSharedResources > 0
      ? [
          `Skipped ${summary.unchangedSharedResources} shared resources unchanged since the last load (--full rewrites them)`,
        ]
      : []),
    `Time: ${summary.seconds.toFixed(1)} s, ${rate(summary.resources, summary.seconds)} resources/s; mapping and writing ${summary.mappingSeconds.toFixed(1)} s, ${rate(summary.resources, summary.mappingSeconds)} resources/s`,
  ];
  if (summary.schemaCreated) {
    const vocabulary = Object.entries(summary.vocabularyRows)
      .map(([table, rows]) => `${table} ${rows}`)
      .join(', ');
    lines.push(
      `Schema ${target.schema} created from the official DDL; vocabulary copied: ${vocabulary}`,
    );
    if (summary.skippedConstraints.length > 0)
      lines.push(
        `Vocabulary foreign keys left out (the imported vocabulary is a subset not closed under them): ${summary.skippedConstraints.join(', ')}`,
      );
  }
  lines.push('Rows per table:');
  for (const [table, count] of Object.entries(summary.tables))
    lines.push(`  ${table.padEnd(22)} ${String(count).padStart(9)}`);
  lines.push(
    ...section('Input skipped', summary.skipped),
    ...section('Resources not mapped', summary.dropped),
    ...section('Rows not written', summary.rejected),
    ...section('Values adjusted to fit the CDM', summary.adjusted),
    ...section('Mapping diagnostics', summary.diagnostics),
  );
  return `${lines.join('\n')}\n`;
}

async function loadOmop(
  app: INestApplicationContext,
  config: AppConfig,
  options: OmopLoadOptions,
): Promise<void> {
  const checked = checkOmopLoadOptions(options);
  // In the embedded profile the batches run in this process: keep the collector's slack small.
  limitHeapGrowthForLoad();
  // The service's own database holds the vocabulary the rows are mapped with.
  if (config.runMigrations) await migrate(app, config);
  process.stderr.write(
    `Loading ${checked.source.kind === 'ndjson' ? 'NDJSON' : 'Bundles'} from ${checked.source.directory} into ${describeTarget(checked.target)}\n`,
  );
  const summary = await app
    .get(CommandBus)
    .execute(
      new LoadOmopCommand(
        checked.source,
        checked.target,
        { ddlDirectory: checked.ddlDirectory, jobs: checked.jobs, full: checked.full },
        printProgress,
      ),
    );
  process.stdout.write(formatLoadSummary(summary, checked.target));
}

export const omopLoadCommand: CliCommand<OmopLoadOptions> = {
  imports: () => [OmopBulkModule],
  runJobs: true,
  run: loadOmop,
};
