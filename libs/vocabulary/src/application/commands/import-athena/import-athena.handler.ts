import { CommandHandler, EventBus, type ICommandHandler } from '@nestjs/cqrs';
import { AppError } from '@app/shared';
import {
  AthenaFormatError,
  columnIndexes,
  parseAthenaLine,
  type Row,
} from '../../../domain/athena-row.js';
import { VOCABULARY_TABLES, type VocabularyTable } from '../../../domain/athena-tables.js';
import { VocabularyImportedEvent } from '../../events/vocabulary-imported.event.js';
import { VocabularyFiles } from '../../ports/vocabulary-files.js';
import { VocabularyWriter } from '../../ports/vocabulary-writer.js';
import { ImportAthenaCommand, type ImportSummary } from './import-athena.command.js';
import { ProgressMeter } from '../../services/progress-meter.js';

const VOCABULARY_ID_COLUMN = 3;

/** Streams every Athena file present in the folder into the vocabulary, in dependency order. */
@CommandHandler(ImportAthenaCommand)
export class ImportAthenaHandler implements ICommandHandler<ImportAthenaCommand> {
  constructor(
    private readonly files: VocabularyFiles,
    private readonly writer: VocabularyWriter,
    private readonly events: EventBus,
  ) {}

  async execute(command: ImportAthenaCommand): Promise<ImportSummary> {
    const summary: ImportSummary = { tables: [], vocabularyIds: [] };
    const vocabularyIds = new Set<string>();
    for (const table of VOCABULARY_TABLES) {
      const path = await this.files.findTableFile(command.directory, table.file);
      if (!path) continue;
      const rows = await this.importTable(table, path, command, (row) => {
        if (table.table === 'concept') vocabularyIds.add(row[VOCABULARY_ID_COLUMN] as string);
      });
      summary.tables.push({ table: table.table, rows });
    }
    if (summary.tables.length === 0) {
      throw AppError.badRequest(
        'VOCABULARY.NO_ATHENA_FILES',
        `No Athena vocabulary files (CONCEPT.csv, …) in ${command.directory}`,
      );
    }
    summary.vocabularyIds = [...vocabularyIds].sort();
    this.events.publish(new VocabularyImportedEvent(summary.vocabularyIds));
    return summary;
  }

  private async importTable(
    table: VocabularyTable,
    path: string,
    command: ImportAthenaCommand,
    seen: (row: Row) => void,
  ): Promise<number> {
    const progress = new ProgressMeter(table.table, await this.files.byteSize(path), command);
    await this.writer.load(table, this.rows(table, path, seen, progress));
    progress.finish();
    return progress.rows;
  }

  /** The file's rows, checked and typed; a bad row stops the import, naming its line. */
  private async *rows(
    table: VocabularyTable,
    path: string,
    seen: (row: Row) => void,
    progress: ProgressMeter,
  ): AsyncIterable<Row> {
    let indexes: number[] | undefined;
    let lineNumber = 0;
    for await (const line of this.files.lines(path)) {
      lineNumber += 1;
      if (line.trim() === '') continue;
      if (!indexes) {
        indexes = columnIndexes(table, line.split('\t'));
        continue;
      }
      let row: Row;
      try {
        row = parseAthenaLine(table, indexes, line);
      } catch (error) {
        if (error instanceof AthenaFormatError)
          throw AppError.badRequest(
            'VOCABULARY.BAD_ATHENA_ROW',
            `${table.file} line ${lineNumber}: ${error.message}`,
          );
        throw error;
      }
      seen(row);
      progress.row(line.length + 1);
      yield row;
    }
  }
}
