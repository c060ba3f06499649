import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@app/shared';
import { NodeBulkSource } from './node-bulk-source.js';

describe('NodeBulkSource input policy (issue #13)', () => {
  const directory = mkdtempSync(join(tmpdir(), 'bulk-source-'));
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it('skips resources nested past MAX_JSON_DEPTH or holding U+0000, and keeps the rest', async () => {
    let extension: Record<string, unknown> = { url: 'http://example.org/leaf', valueString: 'x' };
    for (let level = 0; level < 1_000; level += 1)
      extension = { url: 'http://example.org/level', extension: [extension] };
    const lines = [
      JSON.stringify({ resourceType: 'Patient', id: 'ok' }),
      JSON.stringify({ resourceType: 'Patient', id: 'deep', extension: [extension] }),
      JSON.stringify({ resourceType: 'Patient', id: 'nul', name: [{ family: 'a\u0000b' }] }),
    ];
    writeFileSync(join(directory, 'Patient.ndjson'), `${lines.join('\n')}\n`);
    const source = new NodeBulkSource(loadConfig({ DATA_DIR: directory, MAX_JSON_DEPTH: '64' }));
    const items = [];
    for await (const item of source.read('ndjson', await source.files('ndjson', directory)))
      items.push(item);
    expect(
      items.map((item) => (item.kind === 'resource' ? item.resource.id : item.reason)),
    ).toEqual([
      'ok',
      'nested deeper than 64 levels',
      'holds text PostgreSQL cannot store (U+0000 or a lone surrogate)',
    ]);
  });
});
