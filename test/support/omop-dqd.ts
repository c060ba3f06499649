import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import type pg from 'pg';

/**
 * The OHDSI Data Quality Dashboard checks (CDM v5.4 check tables, read from ../shared at
 * run time) that SQL alone expresses, run on a loaded schema.
 */
const VOCABULARY_TABLES = new Set([
  'concept',
  'vocabulary',
  'domain',
  'concept_class',
  'concept_relationship',
  'relationship',
  'concept_synonym',
  'concept_ancestor',
  'source_to_concept_map',
  'drug_strength',
]);

interface FieldCheck {
  cdmTableName: string;
  cdmFieldName: string;
  isRequired: string;
  isRequiredThreshold: string;
  cdmDatatype: string;
  isForeignKey: string;
  fkTableName: string;
  fkFieldName: string;
  isForeignKeyThreshold: string;
  fkDomain: string;
  fkDomainThreshold: string;
  isStandardValidConcept: string;
  isStandardValidConceptThreshold: string;
}

export interface CheckResult {
  check: string;
  table: string;
  field: string;
  violated: number;
  rows: number;
  passed: boolean;
}

/**
 * The field-level checks of the OHDSI Data Quality Dashboard that SQL alone expresses:
 * isRequired, cdmDatatype (integer), isForeignKey, fkDomain and isStandardValidConcept,
 * with DQD's thresholds (percent of rows allowed to violate). Empty tables are not
 * applicable, as in DQD. isStandardValidConcept is stricter than DQD's SQL: a concept
 * with no standard_concept flag counts as a violation too.
 */
export async function runDqdFieldChecks(
  client: pg.Client,
  schema: string,
  fieldChecksCsv: string,
): Promise<CheckResult[]> {
  const checks = parse<FieldCheck>(readFileSync(fieldChecksCsv), { columns: true, bom: true });
  const results: CheckResult[] = [];
  const rowCounts = new Map<string, number>();
  for (const check of checks) {
    const table = check.cdmTableName.toLowerCase();
    const field = check.cdmFieldName.toLowerCase();
    if (!rowCounts.has(table)) {
      const exists = await client.query(`SELECT to_regclass($1) AS t`, [`${schema}.${table}`]);
      const rows = exists.rows[0].t
        ? Number((await client.query(`SELECT count(*) AS n FROM ${schema}.${table}`)).rows[0].n)
        : 0;
      rowCounts.set(table, rows);
    }
    const rows = rowCounts.get(table)!;
    // The vocabulary tables hold a subset of Athena, not the load's output.
    if (rows === 0 || VOCABULARY_TABLES.has(table)) continue;
    const from = `${schema}.${table} t`;
    const run = async (name: string, threshold: string, where: string, join = '') => {
      const { rows: found } = await client.query(
        `SELECT count(*) AS n FROM ${from} ${join} WHERE ${where}`,
      );
      const violated = Number(found[0].n);
      const allowed = Number(threshold || '0');
      results.push({
        check: name,
        table,
        field,
        violated,
        rows,
        passed: (violated / rows) * 100 <= allowed,
      });
    };
    if (check.isRequired === 'Yes')
      await run('isRequired', check.isRequiredThreshold, `t.${field} IS NULL`);
    if (check.cdmDatatype === 'integer')
      await run('cdmDatatype', '0', `t.${field} IS NOT NULL AND t.${field}::text !~ '^-?[0-9]+$'`);
    if (check.isForeignKey === 'Yes' && check.fkTableName) {
      const fkTable = check.fkTableName.toLowerCase();
      const fkField = check.fkFieldName.toLowerCase();
      await run(
        'isForeignKey',
        check.isForeignKeyThreshold,
        `t.${field} IS NOT NULL AND f.${fkField} IS NULL`,
        `LEFT JOIN ${schema}.${fkTable} f ON f.${fkField} = t.${field}`,
      );
    }
    if (check.fkDomain)
      await run(
        'fkDomain',
        check.fkDomainThreshold,
        `c.concept_id <> 0 AND c.domain_id NOT IN (${check.fkDomain
          .split(',')
          .map((domain) => `'${domain.trim().replace(/'/g, "''")}'`)
          .join(', ')})`,
        `JOIN ${schema}.concept c ON c.concept_id = t.${field}`,
      );
    if (check.isStandardValidConcept === 'Yes')
      await run(
        'isStandardValidConcept',
        check.isStandardValidConceptThreshold,
        `c.concept_id <> 0 AND (COALESCE(c.standard_concept, '') <> 'S' OR c.invalid_reason IS NOT NULL)`,
        `JOIN ${schema}.concept c ON c.concept_id = t.${field}`,
      );
  }
  return results;
}

interface ConceptCheck {
  cdmTableName: string;
  cdmFieldName: string;
  conceptId: string;
  conceptName: string;
  unitConceptId: string;
  plausibleValueLow: string;
  plausibleValueLowThreshold: string;
  plausibleValueHigh: string;
  plausibleValueHighThreshold: string;
  plausibleGender: string;
  plausibleGenderThreshold: string;
  plausibleUnitConceptIds: string;
  plausibleUnitConceptIdsThreshold: string;
}

/**
 * DQD's concept-level checks that apply to a load: plausibleGender (a concept for one sex
 * recorded for a person of the other), plausibleValueLow/High (a measurement value with
 * the given unit outside the plausible range) and plausibleUnitConceptIds (a measurement
 * of the concept with a unit outside the plausible list). Rows counted are those of the
 * check's concept; a check with no such rows is not applicable, as in DQD.
 */
export async function runDqdConceptChecks(
  client: pg.Client,
  schema: string,
  conceptChecksCsv: string,
): Promise<(CheckResult & { conceptId: number; conceptName: string })[]> {
  const checks = parse<ConceptCheck>(readFileSync(conceptChecksCsv), { columns: true, bom: true });
  const results: (CheckResult & { conceptId: number; conceptName: string })[] = [];
  for (const check of checks) {
    const table = check.cdmTableName.toLowerCase();
    const field = check.cdmFieldName.toLowerCase();
    const conceptId = Number(check.conceptId);
    if (!Number.isInteger(conceptId)) continue;
    const unitId = Number(check.unitConceptId);
    const unit = check.unitConceptId && Number.isInteger(unitId) ? unitId : undefined;
    const scope = `t.${field} = ${conceptId}${unit !== undefined ? ` AND t.unit_concept_id = ${unit}` : ''}`;
    const rows = Number(
      (await client.query(`SELECT count(*) AS n FROM ${schema}.${table} t WHERE ${scope}`)).rows[0]
        .n,
    );
    if (rows === 0) continue;
    const run = async (name: string, threshold: string, where: string, join = '') => {
      const found = await client.query(
        `SELECT count(*) AS n FROM ${schema}.${table} t ${join} WHERE ${scope} AND ${where}`,
      );
      const violated = Number(found.rows[0].n);
      results.push({
        check: name,
        table,
        field,
        conceptId,
        conceptName: check.conceptName,
        violated,
        rows,
        passed:
          (violated / rows) * 100 <=
          Number(check[`${name}Threshold` as keyof ConceptCheck] || threshold),
      });
    };
    if (check.plausibleGender) {
      const gender = check.plausibleGender === 'Male' ? 8507 : 8532;
      await run(
        'plausibleGender',
        '0',
        `p.gender_concept_id <> ${gender}`,
        `JOIN ${schema}.person p ON p.person_id = t.person_id`,
      );
    }
    const finite = (text: string) => text !== '' && Number.isFinite(Number(text));
    if (finite(check.plausibleValueLow) && table === 'measurement')
      await run('plausibleValueLow', '0', `t.value_as_number < ${Number(check.plausibleValueLow)}`);
    if (finite(check.plausibleValueHigh) && table === 'measurement')
      await run(
        'plausibleValueHigh',
        '0',
        `t.value_as_number > ${Number(check.plausibleValueHigh)}`,
      );
    if (check.plausibleUnitConceptIds && table === 'measurement') {
      const units = check.plausibleUnitConceptIds
        .split(',')
        .map((id) => Number(id.trim()))
        .filter((id) => Number.isInteger(id));
      await run(
        'plausibleUnitConceptIds',
        '0',
        `t.value_as_number IS NOT NULL AND t.unit_concept_id NOT IN (${units.join(', ')})`,
      );
    }
  }
  return results;
}

/** Pass and fail counts per check type. */
export function countsByCheck(
  results: readonly CheckResult[],
): Record<string, { passed: number; failed: number }> {
  const counts: Record<string, { passed: number; failed: number }> = {};
  for (const result of results) {
    const entry = (counts[result.check] ??= { passed: 0, failed: 0 });
    if (result.passed) entry.passed++;
    else entry.failed++;
  }
  return counts;
}
