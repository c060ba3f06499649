import { AppError } from '@app/shared';
import { InputErrorCodes } from '../domain/lang2fhir-errors.js';

/** A document that is a supported format but cannot be read (corrupt, encrypted, truncated). */
export function unreadableDocument(format: string, reason: string): AppError {
  return new AppError(
    422,
    InputErrorCodes.UNREADABLE_DOCUMENT,
    `The ${format.toUpperCase()} document could not be read: ${reason.slice(0, 200)}`,
  );
}

export function tooManyPages(pages: number, limit: number): AppError {
  return new AppError(
    422,
    InputErrorCodes.TOO_MANY_PAGES,
    `The document has ${pages} pages; at most ${limit} are read: split it and send the parts`,
    { pages, limit },
  );
}

export function ocrTimedOut(budgetMs: number): AppError {
  return new AppError(
    504,
    InputErrorCodes.OCR_TIMED_OUT,
    `Reading the document's images (OCR) took longer than ${Math.round(budgetMs / 1000)} s: send fewer pages or a smaller image`,
  );
}

export function recognitionFailed(reason: string): AppError {
  return new AppError(
    502,
    InputErrorCodes.RECOGNITION_FAILED,
    `Speech recognition failed: ${reason.slice(0, 200)}`,
  );
}

export function transcriptionTimedOut(budgetMs: number): AppError {
  return new AppError(
    504,
    InputErrorCodes.TRANSCRIPTION_TIMED_OUT,
    `Transcription took longer than ${Math.round(budgetMs / 1000)} s`,
  );
}

export function invalidAudio(reason: string): AppError {
  return AppError.badRequest(InputErrorCodes.INVALID_AUDIO, reason);
}

/** 503 naming the command that installs the missing engine or decoder. */
export function engineMissing(what: string, installCommand: string): AppError {
  return new AppError(
    503,
    InputErrorCodes.ENGINE_MISSING,
    `${what} is not installed on this server; install it with: ${installCommand}`,
    { install: installCommand },
  );
}
