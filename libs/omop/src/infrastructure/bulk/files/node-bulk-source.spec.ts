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

  it('skips a __proto__ key and a lone surrogate written as an escape, in NDJSON and in Bundles', async () => {
    const lines = [
      '{"resourceType":"Patient","id":"proto","__proto__":{"admin":true}}',
      '{"resourceType":"Patient","id":"surrogate","name":[{"family":"\\ud800"}]}',
      '{"resourceType":"Patient","id":"escaped-ok","name":[{"family":"M\\u00fcller"}]}',
    ];
    const folder = mkdtempSync(join(directory, 'escapes-'));
    writeFileSync(join(folder, 'Patient.ndjson'), `${lines.join('\n')}\n`);
    writeFileSync(
      join(folder, 'bundle.json'),
      `{"resourceType":"Bundle","type":"transaction","entry":[{"resource":${lines[1]}}]}`,
    );
    const source = new NodeBulkSource(loadConfig({ DATA_DIR: folder }));
    const read = async (kind: 'ndjson' | 'bundles') => {
      const items = [];
      for await (const item of source.read(kind, await source.files(kind, folder)))
        items.push(item.kind === 'resource' ? item.resource.id : item.reason);
      return items;
    };
    expect(await read('ndjson')).toEqual([
      'has a __proto__ key',
      'holds text PostgreSQL cannot store (U+0000 or a lone surrogate)',
      'escaped-ok',
    ]);
    expect(await read('bundles')).toEqual([
      'holds text PostgreSQL cannot store (U+0000 or a lone surrogate)',
    ]);
  });
});
