import { describe, expect, it } from 'vitest';
import { slug, uniqueToolName } from './tool-names.js';

describe('tool names', () => {
  it('slugs text to lower-case letters, digits and single underscores', () => {
    expect(slug('  Register Patient (v2)! ')).toBe('register_patient_v2');
    expect(slug('Café crème')).toBe('cafe_creme');
  });

  it('joins parts, cuts to 64 characters and makes names unique with a suffix', () => {
    const taken = new Set(['workflow_intake']);
    expect(uniqueToolName(['workflow', 'Intake'], taken)).toBe('workflow_intake_2');
    expect(uniqueToolName(['workflow', 'Intake'], taken)).toBe('workflow_intake_3');
    const long = uniqueToolName(['mcp', 'x'.repeat(100)], taken);
    expect(long).toHaveLength(64);
    const again = uniqueToolName(['mcp', 'x'.repeat(100)], taken);
    expect(again).toHaveLength(64);
    expect(again.endsWith('_2')).toBe(true);
    expect(uniqueToolName(['!!!'], new Set())).toBe('tool');
  });
});
