/**
 * Screen definitions: `npm run definitions:check` passes on the shipped files
 * and fails on broken ones with file, JSON path and reason; the server serves
 * the files of PORTAL_DEFINITIONS_DIR, so a new file is a new screen.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDefinitionFolder } from '../../scripts/definition-folder-check';
import { startTestServer, type TestServer } from '../support/test-server';

const root = resolve(import.meta.dirname, '../..');
const shipped = join(root, 'screen-definitions/screens');

/** The command itself, in its own process: its exit status and what it prints (one case, it costs a tsx start). */
function checkCommand(dir?: string) {
  const result = spawnSync(join(root, 'node_modules/.bin/tsx'), ['scripts/check-definitions.ts', ...(dir ? ['--dir', dir] : [])], { cwd: root, encoding: 'utf8' });
  return { status: result.status, out: result.stdout, err: result.stderr };
}

/** The same check in this process, as the command runs it: 0 and the problems, or 1. */
function check(dir = shipped) {
  const { problems } = checkDefinitionFolder(dir);
  return { status: problems.length ? 1 : 0, err: problems.join('\n') };
}

const provisioning = () => JSON.parse(readFileSync(join(shipped, 'provisioning.json'), 'utf8')) as Record<string, unknown> & { columns: Record<string, unknown>[] };

/** A small valid definition over a client-paged method. */
const charges = {
  $schema: './screen-definition.schema.json',
  id: 'charges',
  title: { en: 'Charges', de: 'Gebühren' },
  access: { anyOf: [{ objectType: 'CUSTOM_CHARGES', flag: 'Read' }] },
  dataSource: {
    service: 'CustomCharges',
    method: 'ListCustomChargesForAccount',
    params: { accountId: { context: 'accountId' } },
    paging: { mode: 'client' },
    rowId: 'Id',
  },
  columns: [{ field: 'Name', label: { en: 'Name' }, type: 'text', sortable: true }],
};

let scratch: string;
beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'definitions-'));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** How the check names a file: relative to the working directory (the repository). */
const relativeFile = (dir: string, name: string) => relative(root, join(dir, name));

function folderWith(files: Record<string, unknown>): string {
  const dir = mkdtempSync(join(scratch, 'case-'));
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  return dir;
}

describe('npm run definitions:check', () => {
  it('passes on the shipped definitions', () => {
    const result = check();
    expect(result.err).toBe('');
    expect(result.status).toBe(0);
  });

  it('passes on a valid client-paged definition', () => {
    const result = checkCommand(folderWith({ 'charges.json': charges }));
    expect(result.err).toBe('');
    expect(result.status).toBe(0);
    expect(result.out).toMatch(/1 screen definition\(s\) valid/);
  });

  it('names file, JSON path and reason for each problem, and fails', () => {
    const broken = provisioning();
    broken.columns[2] = { ...broken.columns[2], type: 'colour' };
    (broken.columns[5] as { sortable?: boolean }).sortable = true; // CompanyName: not indexed
    const unknownMethod = { ...charges, id: 'unknown-method', dataSource: { ...charges.dataSource, method: 'ListEverything' } };
    const wrongParam = { ...charges, id: 'wrong-param', dataSource: { ...charges.dataSource, params: { account: { context: 'accountId' } } } };
    const dir = folderWith({
      'provisioning.json': broken,
      'unknown-method.json': unknownMethod,
      'wrong-param.json': wrongParam,
      'misnamed.json': charges,
      'not-json.json': '{ "id": ',
    });
    // The command: it prints each problem on its own line and exits 1.
    const result = checkCommand(dir);
    expect(result.status).toBe(1);
    const lines = result.err.split('\n');
    const file = (name: string) => relativeFile(dir, name);
    expect(lines).toContain(`${file('provisioning.json')}: $.columns[2].type: must be one of ["text","number","money","date","dateTime","status","boolean","link","percent"]`);
    expect(lines).toContain(`${file('unknown-method.json')}: $.dataSource: CustomCharges/ListEverything is not a method of the service catalogue (contract)`);
    expect(lines).toContain(`${file('wrong-param.json')}: $.dataSource.params.account: parameter "account" is not a parameter of the method (it has: accountId)`);
    expect(lines).toContain(`${file('misnamed.json')}: $.id: must equal the file name "misnamed"`);
    expect(lines.some((line) => line.startsWith(`${file('not-json.json')}: $: not valid JSON`))).toBe(true);
  });

  it('refuses a sort or filter the data source does not declare indexed', () => {
    const broken = provisioning();
    (broken.columns[5] as { sortable?: boolean }).sortable = true;
    (broken.filters as Record<string, unknown>[]).push({ field: 'ErrorMessage', label: 'grids.provisioning.columns.errorMessage', input: 'text', operator: 'contains' });
    const dir = folderWith({ 'provisioning.json': broken });
    const result = check(dir);
    expect(result.status).toBe(1);
    const file = relativeFile(dir, 'provisioning.json');
    expect(result.err).toContain(`${file}: $.columns[5].sortable: sorting by "CompanyName" is offered but not declared indexed in dataSource.paging.indexed.sorts`);
    expect(result.err).toContain(`${file}: $.filters[7]: filtering "ErrorMessage" with contains is offered but not declared indexed in dataSource.paging.indexed.filters`);
  });

  it('refuses an action whose capability the method does not accept', () => {
    const broken = provisioning();
    const actions = broken.actions as { requires: unknown }[];
    actions[0].requires = { anyOf: [{ objectType: 'BILLING', flag: 'Execute' }] };
    const result = check(folderWith({ 'provisioning.json': broken }));
    expect(result.status).toBe(1);
    expect(result.err).toMatch(/\$\.actions\[0\]\.requires: names none of the capabilities the method accepts \(FAILED_PROVISIONING Execute or FAILED_PROVISIONING_OWNED Execute\)/);
  });
});

describe('GET /DataModel/definitions/<name>.json', () => {
  let server: TestServer;
  let dir: string;
  beforeAll(async () => {
    dir = folderWith({ 'charges.json': charges });
    server = await startTestServer({ definitionsDir: dir });
  });
  afterAll(async () => server?.close());

  it('serves a definition file of PORTAL_DEFINITIONS_DIR as it is on disk', async () => {
    const response = await fetch(`${server.url}/DataModel/definitions/charges.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect(await response.json()).toEqual(charges);
  });

  it('sees a file added while it runs', async () => {
    writeFileSync(join(dir, 'late.json'), JSON.stringify({ ...charges, id: 'late' }));
    expect((await fetch(`${server.url}/DataModel/definitions/late.json`)).status).toBe(200);
  });

  it('answers 404 for unknown names and for anything that is not a plain name', async () => {
    for (const path of ['missing.json', 'charges', '..%2Fpackage.json', '%2E%2E%2Fserver%2Fconfig.ts', 'Charges.json']) {
      const response = await fetch(`${server.url}/DataModel/definitions/${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.text()).toContain('<Fault>');
    }
  });
});
