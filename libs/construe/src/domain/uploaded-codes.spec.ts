import { describe, expect, it } from 'vitest';
import {
  codesFromCsv,
  codesFromJsonFile,
  UploadFormatError,
  validateCodes,
} from './uploaded-codes.js';

const b64 = (text: string) => Buffer.from(text).toString('base64');

function failure(run: () => unknown): UploadFormatError {
  try {
    run();
  } catch (error) {
    return error as UploadFormatError;
  }
  throw new Error('expected a failure');
}

describe('uploaded codes', () => {
  it('reads the named CSV columns, quoted commas included, and trims values', () => {
    const csv = 'id,label,notes\nA1, "Fever, unspecified" ,long text\nB2,Cough,';
    expect(
      codesFromCsv(b64(csv), {
        codeColumn: 'id',
        descriptionColumn: 'label',
        definitionColumn: 'notes',
      }),
    ).toEqual([
      { code: 'A1', description: 'Fever, unspecified', definition: 'long text' },
      { code: 'B2', description: 'Cough' },
    ]);
  });

  it('names the header row when a named column is missing', () => {
    const error = failure(() =>
      codesFromCsv(b64('id,label\nA,B'), { codeColumn: 'code', descriptionColumn: 'label' }),
    );
    expect(error.row).toBe(1);
    expect(error.message).toContain(
      'column "code" (code_col) is not in the CSV header (id, label)',
    );
  });

  it('numbers CSV rows as the file does (header is row 1)', () => {
    const error = failure(() =>
      codesFromCsv(b64('id,label\nA,Alpha\nB,\nC,Gamma'), {
        codeColumn: 'id',
        descriptionColumn: 'label',
      }),
    );
    expect(error.message).toBe('row 3: empty description for code B');
  });

  it('refuses bad base64 and JSON that is not an array', () => {
    expect(failure(() => codesFromJsonFile('***')).message).toBe('file is not valid base64');
    expect(failure(() => codesFromJsonFile(b64('{"a":1}'))).message).toBe(
      'the JSON file must hold an array of codes',
    );
    expect(failure(() => codesFromJsonFile(b64('[{"code": "A"'))).message).toBe(
      'file is not valid JSON',
    );
  });

  it('refuses empty uploads, duplicates and oversized codes', () => {
    expect(failure(() => validateCodes([])).message).toBe('the upload holds no codes');
    expect(
      failure(() =>
        validateCodes([
          { code: 'A', description: 'x' },
          { code: 'A', description: 'y' },
        ]),
      ).message,
    ).toBe('row 2: duplicate code A (first at row 1)');
    expect(
      failure(() => validateCodes([{ code: 'x'.repeat(101), description: 'y' }])).message,
    ).toMatch(/row 1: code longer than 100/);
  });
});
