/** scripts/check-layouts.ts: passes on the shipped layouts, fails naming file, path and rule on a broken one. */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const tsx = resolve(root, 'node_modules/.bin/tsx');
const script = resolve(root, 'scripts/check-layouts.ts');
const scratch = mkdtempSync(join(tmpdir(), 'layouts-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function run(...args: string[]) {
  const result = spawnSync(tsx, [script, ...args], { cwd: root, encoding: 'utf8', env: { ...process.env, PORTAL_LAYOUTS_DIR: '' } });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('npm run layouts:check', { timeout: 60_000 }, () => {
  it('passes on the shipped layouts', () => {
    const output = execFileSync(tsx, [script], { cwd: root, encoding: 'utf8', env: { ...process.env, PORTAL_LAYOUTS_DIR: '' } });
    expect(output).toMatch(/layout files OK \(Company, Department, Product, Reseller, User, Vendor; 14 products\)/);
  });

  it('fails on a broken file and names file, JSON path and rule', () => {
    const dir = join(scratch, 'broken');
    cpSync(resolve(root, 'screen-definitions/layouts'), dir, { recursive: true });
    const file = join(dir, 'accounts/company.json');
    const company = JSON.parse(readFileSync(file, 'utf8'));
    const fields = company.Pages[0].Containers[0].Fields;
    fields[0].MaxLength = 'long'; // schema: wrong type
    delete company.Pages[1].Containers[0].Fields[0].Label; // schema: required property
    writeFileSync(file, JSON.stringify(company));
    const { status, output } = run(dir);
    expect(status).toBe(1);
    expect(output).toContain('accounts/company.json: /Pages/0/Containers/0/Fields/0/MaxLength: [type] must be integer');
    expect(output).toContain('accounts/company.json: /Pages/1/Containers/0/Fields/0/Label: [required]');
  });

  it('reports rule problems of a schema-valid file', () => {
    const dir = join(scratch, 'rules');
    cpSync(resolve(root, 'screen-definitions/layouts'), dir, { recursive: true });
    const file = join(dir, 'accounts/company.json');
    const company = JSON.parse(readFileSync(file, 'utf8'));
    company.Pages[0].Containers[0].Fields[4].Pattern = '(unclosed';
    company.Pages[0].Containers[0].Fields[2].Label = 'forms.field.noSuchText';
    company.Pages[1].Containers[0].Fields[4].RemoteEnum.DependsOn = ['Nation'];
    writeFileSync(file, JSON.stringify(company));
    const { status, output } = run(dir);
    expect(status).toBe(1);
    expect(output).toMatch(/\/Pages\/0\/Containers\/0\/Fields\/4\/Pattern: \[patternCompiles\] field Website: the pattern does not compile/);
    expect(output).toMatch(/\/Pages\/0\/Containers\/0\/Fields\/2: \[textKey\] text key forms\.field\.noSuchText/);
    expect(output).toMatch(/accounts\/company\.json: \/Pages\/1\/Containers\/0\/Fields\/4\/RemoteEnum\/DependsOn\/0: \[knownField\] DependsOn names unknown field Nation/);
  });
});
