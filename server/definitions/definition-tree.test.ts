import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { definitionFolders, listDefinitionFiles, readCheckedDefinitions, SHIPPED_FOLDERS } from './definition-tree';

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'definitions-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

describe('the definitions tree', () => {
  it('names layouts by their path in their folder, the first folder holding a name winning', () => {
    const own = folder({ 'accounts/partner.json': '{}', 'accounts/company.json': '{"own":true}' });
    const shipped = folder({ 'accounts/company.json': '{}', 'layout.schema.json': '{}', 'wizards/move.json': '{}' });
    const files = listDefinitionFiles('layout', [own, shipped]);
    expect(files.map((file) => file.name)).toEqual(['accounts/company', 'accounts/partner', 'wizards/move']);
    expect(files.find((file) => file.name === 'accounts/company')?.dir).toBe(own);
  });

  it('keeps screens flat: no subfolders, no schema file, only lower-case names', () => {
    const dir = folder({ 'orders.json': '{}', 'Bad Name.json': '{}', 'nested/inner.json': '{}', 'screen-definition.schema.json': '{}', 'notes.txt': '' });
    expect(listDefinitionFiles('screen', [dir]).map((file) => file.name)).toEqual(['orders']);
  });

  it('refuses a report or card whose name or id is wrong, naming the file', () => {
    const check = () => [];
    expect(() => readCheckedDefinitions('card', folder({ 'Big.json': '{"id":"Big"}' }), 'dashboard card', check)).toThrow('dashboard card Big.json: a name is lower-case');
    expect(() => readCheckedDefinitions('card', folder({ 'sales.json': '{"id":"revenue"}' }), 'dashboard card', check)).toThrow('id revenue does not match the file name');
    expect(() => readCheckedDefinitions('card', folder({ 'sales.json': '{"id":' }), 'dashboard card', check)).toThrow('sales.json: not valid JSON');
    expect(() => readCheckedDefinitions('report', join(tmpdir(), 'no-such-folder-xyz'), 'report definition', check)).toThrow('report definition folder');
    expect(readCheckedDefinitions<{ id: string }>('card', folder({ 'b.json': '{"id":"b"}', 'a.json': '{"id":"a"}' }), 'dashboard card', check).map((card) => card.id)).toEqual(['a', 'b']);
  });

  it('reads the folders of each kind from the configuration, as the environment variables always did', () => {
    expect(definitionFolders('layout', undefined, { PORTAL_LAYOUTS_DIR: '/a:/b' })).toEqual(['/a', '/b']);
    expect(definitionFolders('layout', undefined, {})).toEqual([SHIPPED_FOLDERS.layout]);
    expect(definitionFolders('screen', { definitionsDir: '/own' }, {})).toEqual(['/own']);
    expect(definitionFolders('screen', undefined, { PORTAL_DEFINITIONS_DIR: '/env' })).toEqual(['/env']);
    expect(definitionFolders('report', undefined, {})).toEqual([SHIPPED_FOLDERS.report]);
  });
});
