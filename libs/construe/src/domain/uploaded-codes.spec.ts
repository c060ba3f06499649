import { describe, expect, it } from 'vitest';
import {
  codesFromCsv,
  codesFromJsonFile,
  UploadFormatError,
  validateCodes,
} from './uploaded-codes.js';

const b64 = (text: string) => Buffer.from(text).toString('base64');

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

async function failure(run: () => Promise<unknown>): Promise<UploadFormatError> {
  try {
    await run();
  } catch (error) {
    return error as UploadFormatError;
  }
  throw new Error('expected a failure');
}

describe('uploaded codes', () => {
  it('reads the named CSV columns, quoted commas included, and trims values', async () => {
    const csv = 'id,label,notes\nA1, "Fever, unspecified" ,long text\nB2,Cough,';
    expect(
      await codesFromCsv(
        b64(csv),
        {
          codeColumn: 'id',
          descriptionColumn: 'label',
          definitionColumn: 'notes',
        },
        turn,
      ),
    ).toEqual([
      { code: 'A1', description: 'Fever, unspecified', definition: 'long text' },
      { code: 'B2', description: 'Cough' },
    ]);
  });

  it('names the header row when a named column is missing', async () => {
    const error = await failure(() =>
      codesFromCsv(b64('id,label\nA,B'), { codeColumn: 'code', descriptionColumn: 'label' }, turn),
    );
    expect(error.row).toBe(1);
    expect(error.message).toContain(
      'column "code" (code_col) is not in the CSV header (id, label)',
    );
  });

  it('numbers CSV rows as the file does (header is row 1)', async () => {
    const error = await failure(() =>
      codesFromCsv(
        b64('id,label\nA,Alpha\nB,\nC,Gamma'),
        {
          codeColumn: 'id',
          descriptionColumn: 'label',
        },
        turn,
      ),
    );
    expect(error.message).toBe('row 3: empty description for code B');
  });

  it('refuses bad base64 and JSON that is not an array', async () => {
    expect((await failure(() => codesFromJsonFile('***', turn))).message).toBe(
      'file is not valid base64',
    );
    expect((await failure(() => codesFromJsonFile(b64('{"a":1}'), turn))).message).toBe(
      'the JSON file must hold an array of codes',
    );
    expect((await failure(() => codesFromJsonFile(b64('[{"code": "A"'), turn))).message).toBe(
      'file is not valid JSON',
    );
  });

  it('refuses empty uploads, duplicates and oversized codes', async () => {
    expect((await failure(() => validateCodes([], turn))).message).toBe(
      'the upload holds no codes',
    );
    expect(
      (
        await failure(() =>
          validateCodes(
            [
              { code: 'A', description: 'x' },
              { code: 'A', description: 'y' },
            ],
            turn,
          ),
        )
      ).message,
    ).toBe('row 2: duplicate code A (first at row 1)');
    expect(
      (await failure(() => validateCodes([{ code: 'x'.repeat(101), description: 'y' }], turn)))
        .message,
    ).toMatch(/row 1: code longer than 100/);
  });

  it('checks a large upload in slices, yielding between them, and names the failing row', async () => {
    let yields = 0;
    const counting = async () => {
      yields += 1;
      await turn();
    };
    const codes = Array.from({ length: 9_000 }, (_, index) => ({
      code: `C${index}`,
      description: `finding ${index}`,
    }));
    expect(await validateCodes(codes, counting)).toHaveLength(9_000);
    expect(yields).toBeGreaterThanOrEqual(4);
    codes[8_500] = { code: 'C8500', description: '   ' };
    expect((await failure(() => validateCodes(codes, turn))).message).toBe(
      'row 8501: empty description for code C8500',
    );
    expect(
      (await failure(() => validateCodes([{ code: 7, description: 'x' }], turn))).message,
    ).toBe('row 1: code must be a string');
  });

  it('parses a CSV larger than one slice, quoted fields across slice boundaries included', async () => {
    const rows = Array.from(
      { length: 6_000 },
      (_, index) => `K${index},"Finding ${index}, with a comma and ""quotes"" ${'x'.repeat(20)}"`,
    );
    const codes = await codesFromCsv(
      b64(['key,title', ...rows].join('\n')),
      { codeColumn: 'key', descriptionColumn: 'title' },
      turn,
    );
    expect(codes).toHaveLength(6_000);
    expect(codes[5_999]).toEqual({
      code: 'K5999',
      description: `Finding 5999, with a comma and "quotes" ${'x'.repeat(20)}`,
    });
    const broken = await failure(() =>
      codesFromCsv(
        b64('key,title\nA,"open quote\nB,b'),
        { codeColumn: 'key', descriptionColumn: 'title' },
        turn,
      ),
    );
    expect(broken.message).toMatch(/CSV could not be parsed/);
  });
});
