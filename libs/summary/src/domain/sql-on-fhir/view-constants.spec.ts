import { describe, expect, it } from 'vitest';
import type { Problem } from '../summary-errors.js';
import { readConstants, substituteConstants } from './view-constants.js';

describe('ViewDefinition constants', () => {
  it('turns each value[x] into a FHIRPath literal of its type', () => {
    const problems: Problem[] = [];
    const constants = readConstants(
      [
        { name: 's', valueString: "O'Brien" },
        { name: 'b', valueBoolean: true },
        { name: 'i', valueInteger: 2 },
        { name: 'd', valueDate: '1978-03-12' },
        { name: 'dt', valueDateTime: '2016-11-12' },
        { name: 't', valueTime: '18:12:00' },
      ],
      problems,
    );
    expect(problems).toEqual([]);
    expect(Object.fromEntries(constants)).toEqual({
      s: "'O\\'Brien'",
      b: 'true',
      i: '2',
      d: '@1978-03-12',
      dt: '@2016-11-12T',
      t: '@T18:12:00',
    });
  });

  it('reports constants without exactly one valid value', () => {
    const problems: Problem[] = [];
    readConstants(
      [{ name: 'a' }, { name: 'b', valueInteger: 1.5 }, { name: '1x', valueString: 'x' }],
      problems,
    );
    expect(problems.map((problem) => problem.path)).toEqual([
      'constant[0]',
      'constant[1].valueInteger',
      'constant[2].name',
    ]);
  });

  it('substitutes %name outside string literals and keeps built-in variables', () => {
    const problems: Problem[] = [];
    const constants = new Map([['use', "'official'"]]);
    expect(
      substituteConstants(
        "name.where(use = %use and text != '%use').family | %rowIndex",
        constants,
        'p',
        problems,
      ),
    ).toBe("name.where(use = 'official' and text != '%use').family | %rowIndex");
    expect(substituteConstants('%`use`', constants, 'p', problems)).toBe("'official'");
    expect(problems).toEqual([]);
  });

  it('reports a variable that is not declared', () => {
    const problems: Problem[] = [];
    expect(
      substituteConstants('name.where(use = %missing)', new Map(), 'select[0].forEach', problems),
    ).toBeNull();
    expect(problems).toEqual([
      { path: 'select[0].forEach', problem: 'uses %missing, which is not a declared constant' },
    ]);
  });
});
