import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { createWorker, OEM, type Worker } from 'tesseract.js';

const require = createRequire(import.meta.url);
/** The English model from the npm package: nothing is downloaded at run time. */
const ENGLISH = require('@tesseract.js-data/eng') as { langPath: string; gzip: boolean };

export class OcrTimeout extends Error {}

/**
 * Tesseract (WebAssembly) in a worker thread of its own, so OCR never blocks the event loop.
 * One worker, started on first use (loading the model takes a few seconds) and reused; jobs
 * queue on it. A job past its deadline terminates the worker, and the next job starts a new one.
 */
@Injectable()
export class TesseractOcr implements OnModuleDestroy {
  private readonly logger = new Logger(TesseractOcr.name);
  private worker: Promise<Worker> | undefined;
  private queue: Promise<unknown> = Promise.resolve();

  /** The text of one image (PNG, JPEG, TIFF, BMP bytes); throws OcrTimeout past `deadline`. */
  recognize(image: Buffer, deadline: number): Promise<string> {
    const job = this.queue.then(() => this.run(image, deadline));
    this.queue = job.catch(() => undefined);
    return job;
  }

  async onModuleDestroy(): Promise<void> {
    await this.stop();
  }

  private async run(image: Buffer, deadline: number): Promise<string> {
    const remaining = deadline - Date.now();
    if (remaining <= 0) throw new OcrTimeout();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new OcrTimeout()), remaining);
    });
    try {
      const worker = await Promise.race([this.start(), timeout]);
      const result = await Promise.race([worker.recognize(image), timeout]);
      return result.data.text;
    } catch (error) {
      if (error instanceof OcrTimeout) await this.stop();
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  private start(): Promise<Worker> {
    this.worker ??= createWorker('eng', OEM.LSTM_ONLY, {
      langPath: ENGLISH.langPath,
      gzip: ENGLISH.gzip,
      cachePath: tmpdir(),
      cacheMethod: 'none',
      errorHandler: (error: unknown) => this.logger.warn(`OCR worker: ${String(error)}`),
    }).catch((error: unknown) => {
      this.worker = undefined;
      throw error;
    });
    return this.worker;
  }

  private async stop(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await worker.then((started) => started.terminate()).catch(() => undefined);
  }
}
