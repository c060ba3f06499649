import { describe, expect, it } from 'vitest';
import { parseForeignKeys, parsePrimaryKeys } from './cdm-constraints.js';
import { bindCdmSchema, isPlainIdentifier, splitSqlStatements } from './sql-script.js';

describe('splitSqlStatements', () => {
  it('drops line and block comments and splits on semicolons outside quotes', () => {
    const script = `--header; not a statement
/* a block;
   comment */
CREATE TABLE s.a (id integer NOT NULL); -- trailing; comment
INSERT INTO s.a VALUES ('x;y', "odd;name");
  ;
CREATE INDEX i ON s.a (id)`;
    expect(splitSqlStatements(script)).toEqual([
      'CREATE TABLE s.a (id integer NOT NULL)',
      `INSERT INTO s.a VALUES ('x;y', "odd;name")`,
      'CREATE INDEX i ON s.a (id)',
    ]);
  });

  it('keeps doubled quotes inside a string', () => {
    expect(splitSqlStatements("SELECT 'it''s; fine'; SELECT 2")).toEqual([
      "SELECT 'it''s; fine'",
      'SELECT 2',
    ]);
  });
});

describe('bindCdmSchema', () => {
  it('replaces every placeholder with the schema', () => {
    expect(
      bindCdmSchema('ALTER TABLE @cdmDatabaseSchema.a REFERENCES @cdmDatabaseSchema.b', 'cdm'),
    ).toBe('ALTER TABLE cdm.a REFERENCES cdm.b');
  });

  it('refuses a schema name that would need quoting', () => {
    expect(() => bindCdmSchema('x', 'cdm; DROP TABLE y')).toThrow(/plain SQL identifier/);
    expect(isPlainIdentifier('Cdm')).toBe(false);
    expect(isPlainIdentifier('cdm_54')).toBe(true);
  });
});

describe('constraint scripts', () => {
  const script = `--postgresql CDM Foreign Key Constraints
ALTER TABLE @cdmDatabaseSchema.person  ADD CONSTRAINT fpk_person_gender FOREIGN KEY (gender_concept_id) REFERENCES @cdmDatabaseSchema.CONCEPT (CONCEPT_ID);
ALTER TABLE @cdmDatabaseSchema.visit_occurrence ADD CONSTRAINT fpk_visit_person FOREIGN KEY (person_id) REFERENCES @cdmDatabaseSchema.PERSON (PERSON_ID);
ALTER TABLE @cdmDatabaseSchema.person  ADD CONSTRAINT xpk_person PRIMARY KEY (person_id);
ALTER TABLE @cdmDatabaseSchema.pair ADD CONSTRAINT xpk_pair PRIMARY KEY (a, b);`;

  it('reads single-column foreign keys with names in lower case', () => {
    expect(parseForeignKeys(script)).toEqual([
      {
        name: 'fpk_person_gender',
        table: 'person',
        column: 'gender_concept_id',
        refTable: 'concept',
        refColumn: 'concept_id',
      },
      {
        name: 'fpk_visit_person',
        table: 'visit_occurrence',
        column: 'person_id',
        refTable: 'person',
        refColumn: 'person_id',
      },
    ]);
  });

  it('reads primary keys, composite ones included', () => {
    expect(parsePrimaryKeys(script)).toEqual([
      { table: 'person', columns: ['person_id'] },
      { table: 'pair', columns: ['a', 'b'] },
    ]);
  });
});
