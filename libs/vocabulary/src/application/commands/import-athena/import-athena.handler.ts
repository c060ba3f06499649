import { CommandHandler, EventBus, type ICommandHandler } from '@nestjs/cqrs';
import { AppError } from '@app/shared';
import { athenaLayout, AthenaFormatError, projectLine } from '../../../domain/athena-file.js';
import { VOCABULARY_TABLES, type VocabularyTable } from '../../../domain/athena-tables.js';
import { VocabularyImportedEvent } from '../../events/vocabulary-imported.event.js';
import { VocabularyFiles } from '../../ports/vocabulary-files.js';
import { VocabularyWriter } from '../../ports/vocabulary-writer.js';
import { countLines, splitHeader } from '../../../domain/athena-file-text.js';
import { ImportAthenaCommand, type ImportSummary } from './import-athena.command.js';
import { ProgressMeter } from '../../services/progress-meter.js';

/** Lines joined per chunk when a file's lines have to be cut down to the table's columns. */
const PROJECTED_CHUNK_CHARS = 1 << 20;

/**
 * Streams every Athena file present in the folder into the vocabulary, in dependency order.
 * A file's lines reach the database as read (its COPY checks and types every cell), unless
 * its header has columns the table lacks: then each line is cut down first.
 */
@CommandHandler(ImportAthenaCommand)
export class ImportAthenaHandler implements ICommandHandler<ImportAthenaCommand> {
  constructor(
    private readonly files: VocabularyFiles,
    private readonly writer: VocabularyWriter,
    private readonly events: EventBus,
  ) {}

  async execute(command: ImportAthenaCommand): Promise<ImportSummary> {
    const summary: ImportSummary = { tables: [], vocabularyIds: [], unchanged: true };
    for (const table of VOCABULARY_TABLES) {
      const path = await this.files.findTableFile(command.directory, table.file);
      if (!path) continue;
      const progress = new ProgressMeter(table.table, await this.files.byteSize(path), command);
      const loaded = await this.importTable(table, path, progress);
      progress.finish();
      if (table.table === 'concept') summary.vocabularyIds = [...loaded.vocabularyIds].sort();
      if (loaded.changed) summary.unchanged = false;
      summary.tables.push({ table: table.table, rows: progress.rows });
    }
    if (summary.tables.length === 0) {
      throw AppError.badRequest(
        'VOCABULARY.NO_ATHENA_FILES',
        `No Athena vocabulary files (CONCEPT.csv, …) in ${command.directory}`,
      );
    }
    this.events.publish(new VocabularyImportedEvent(summary.vocabularyIds));
    return summary;
  }

  /** A file the database refuses stops the import, naming its line (1 is the header). */
  private async importTable(table: VocabularyTable, path: string, progress: ProgressMeter) {
    try {
      const { header, body } = await splitHeader(this.files.bytes(path));
      const layout = athenaLayout(table, header.split('\t'));
      const lines = layout.project ? this.projected(path, layout.project) : body;
      return await this.writer.load(table, {
        columns: layout.columns,
        chunks: counted(lines, progress),
      });
    } catch (error) {
      if (!(error instanceof AthenaFormatError)) throw error;
      const where = error.line === undefined ? table.file : `${table.file} line ${error.line + 1}`;
      throw AppError.badRequest('VOCABULARY.BAD_ATHENA_ROW', `${where}: ${error.message}`);
    }
  }

  /** The lines after the header, each cut down to the table's columns. */
  private async *projected(path: string, project: number[]): AsyncIterable<Uint8Array> {
    const encoder = new TextEncoder();
    let text = '';
    let header = true;
    for await (const line of this.files.lines(path)) {
      if (header || line.trim() === '') {
        header = false;
        continue;
      }
      text += projectLine(line, project) + '\n';
      if (text.length >= PROJECTED_CHUNK_CHARS) {
        yield encoder.encode(text);
        text = '';
      }
    }
    if (text !== '') yield encoder.encode(text);
  }
}

async function* counted(
  chunks: AsyncIterable<Uint8Array>,
  progress: ProgressMeter,
): AsyncIterable<Uint8Array> {
  for await (const chunk of chunks) {
    progress.chunk(countLines(chunk), chunk.length);
    yield chunk;
  }
}
