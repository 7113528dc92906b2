/**
 * `npm run definitions:coverage` (issue 33): the hand-written lines each route
 * reaches are counted for real (a fixture tree with known lines), and the share
 * of drawn routes and the size of src/screens hold a ratchet, so a screen written
 * by hand again fails CI.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { appRoutes } from '../../src/router/routes';
import { coverageOf, DRAWN_LIMIT, folderLines, handWrittenClosure, routeModules, shareOf } from '../../scripts/route-coverage';

/** n lines of code. */
const lines = (n: number) => Array.from({ length: n }, (_, index) => `export const line${index} = ${index};`).join('\n') + '\n';

describe('the count of hand-written lines', () => {
  const root = mkdtempSync(join(tmpdir(), 'route-coverage-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  // The screen (3 lines) reaches a helper (4 + 1 lines), a helper of the helper through a
  // re-export (10), a lazily loaded dialog (7), and what is not counted: the engine, a
  // renderer, the shell, the service client, a shared component, the definition host, a
  // definition (.json), a test file and a package.
  write('src/screens/demo/DemoScreen.tsx', "import { a } from './helper';\nimport { grid } from '../../../engine/grid';\nimport('./Dialog');\n");
  write('src/screens/demo/helper.ts', `export * from './deep';\n${lines(4)}`);
  write('src/screens/demo/deep.ts', lines(10));
  write('src/screens/demo/Dialog.tsx', `import type { X } from '../../../renderers/Grid';\nimport '../../shell/Header';\nimport { callService } from '../../api/client';\nimport { Picker } from '../../components/Picker';\nimport { Host } from '../list/Host';\nimport definition from '../../../screen-definitions/demo.json';\nimport './Dialog.test';\nimport React from 'react';\n`);
  for (const path of ['engine/grid.ts', 'renderers/Grid.tsx', 'src/shell/Header.tsx', 'src/api/client.ts', 'src/components/Picker.tsx', 'src/screens/list/Host.tsx', 'src/screens/demo/Dialog.test.ts']) write(path, lines(100));
  write('screen-definitions/demo.json', '{}\n');

  it('counts the module and what it reaches, and nothing of the engine, renderers, shell, shared components or data', () => {
    const files = handWrittenClosure('src/screens/demo/DemoScreen.tsx', root);
    expect(Object.fromEntries(files)).toEqual({
      'src/screens/demo/DemoScreen.tsx': 3,
      'src/screens/demo/helper.ts': 5,
      'src/screens/demo/deep.ts': 10,
      'src/screens/demo/Dialog.tsx': 8,
    });
  });

  it('counts a screen that lives in a folder of the shell, but not what it reaches there', () => {
    write('src/chat/Console.tsx', `import { panel } from './panel';\n${lines(70)}`);
    write('src/chat/panel.ts', lines(40));
    expect(Object.fromEntries(handWrittenClosure('src/chat/Console.tsx', root))).toEqual({ 'src/chat/Console.tsx': 71 });
    expect(Object.fromEntries(handWrittenClosure('src/screens/list/Host.tsx', root))).toEqual({});
  });

  it('calls a route drawn at 60 lines and not at 61', () => {
    write('src/screens/small/Small.tsx', lines(60));
    write('src/screens/big/Big.tsx', lines(61));
    const route = (path: string) => ({ path, element: appRoutes[0].element });
    const rows = coverageOf([route('/small'), { ...route('/sign-in'), drawnBy: { code: 'sign-in page', signIn: true } }], ['src/screens/small/Small.tsx', 'src/screens/big/Big.tsx'], root);
    expect(rows.map(({ path, lines: count, drawn, signIn }) => ({ path, count, drawn, signIn }))).toEqual([
      { path: '/small', count: 60, drawn: true, signIn: false },
      { path: '/sign-in', count: 61, drawn: false, signIn: true },
    ]);
    expect(shareOf(rows)).toEqual({ all: { drawn: 1, total: 2, percent: 50 }, signIn: { drawn: 0, total: 1, percent: 0 }, others: { drawn: 1, total: 1, percent: 100 } });
    expect(DRAWN_LIMIT).toBe(60);
  });

  it('counts the hand-written panels a route\'s definitions name through the shell\'s host registries', () => {
    // a.json names b.json (a `definition` key); b.json names the host panel rolesPanel, which the shell's
    // registry draws with a hand-written panel of 70 lines (and the session hook, not counted).
    write('src/screens/list/ListScreen.tsx', lines(5));
    write('src/screens/security/RolesPanel.tsx', lines(70));
    write('src/session/user.ts', lines(30));
    write('src/shell/host-panels.tsx', "import { RolesPanel } from '../screens/security/RolesPanel';\nimport { useUser } from '../session/user';\nfunction Roles() { useUser(); return RolesPanel; }\nexport const hostPanels = { rolesPanel: () => Roles(), other: () => null };\n");
    write('screen-definitions/screens/a.json', JSON.stringify({ id: 'a', parts: [{ definition: 'b' }], note: 'c' }));
    write('screen-definitions/screens/b.json', JSON.stringify({ id: 'b', hostPanel: 'rolesPanel' }));
    write('screen-definitions/screens/c.json', JSON.stringify({ id: 'c', hostPanel: 'rolesPanel' }));
    write('screen-definitions/screens/d.json', JSON.stringify({ id: 'd', note: 'b' }));
    const route = (path: string, definition: string) => ({ path, element: appRoutes[0].element, drawnBy: { definition } });
    const rows = coverageOf([route('/a', 'a'), route('/d', 'd')], ['src/screens/list/ListScreen.tsx', 'src/screens/list/ListScreen.tsx'], root);
    expect(Object.fromEntries(rows[0].files)).toEqual({ 'src/screens/security/RolesPanel.tsx': 70 });
    expect(rows[0].drawn).toBe(false);
    // A string that merely equals a definition's name is not a reference.
    expect(rows[1]).toMatchObject({ lines: 0, drawn: true });
  });

  it('counts the lines of a folder without its tests', () => {
    expect(folderLines('src/screens/demo', root)).toBe(3 + 5 + 10 + 8);
  });
});

describe('the portal’s routes', () => {
  const rows = coverageOf(appRoutes);
  const share = shareOf(rows);

  it('finds the screen module of every route, mapped groups included, and counts the sign-in pages in the total', () => {
    expect(routeModules()).toHaveLength(appRoutes.length);
    expect(rows.find((row) => row.path === '/provisioning')?.module).toBe('src/screens/provisioning/ProvisioningScreen.tsx');
    expect(rows.find((row) => row.path === '/account/new/:accountType')?.module).toBe('src/screens/list/ListScreen.tsx');
    expect(rows.find((row) => row.path === '/login')?.signIn).toBe(true);
    expect(share.all.total).toBe(appRoutes.length);
    expect(share.signIn.total + share.others.total).toBe(appRoutes.length);
  });

  it('keeps the generic definition screens small, so no screen hides its code there', () => {
    expect(folderLines('src/screens/list')).toBeLessThanOrEqual(200);
  });

  // Issue 33's goals: at least 80 % of all routes drawn, src/screens at most 6,000 lines; both reached on 29 Nov 2026
  // and asserted below. The ratchet holds what has been reached beyond them, so a regression fails.
  // Raise DRAWN_AT_LEAST and lower SCREENS_AT_MOST as screens become definitions.
  // 42 by the count before host parts were followed; /accounts reaches the hand-written lifecycle actions (131 lines) through
  // the shell's host registry, so it is not drawn: 41.
  // The MFA step, the choice of a method and the provider's return as form definitions: 44; the consent page: 45.
  const DRAWN_AT_LEAST = 48;
  // 13,388 when the count began; the three screens made definitions took 164 lines out, the quote accepted on a customer's behalf (issue 36) put 162 in;
  // the credit-check orders as their definitions (the order drawer a detail panel) took the rest to 13,153; the studio's
  // tabs panel (issue 33 item 4) put 159 back; /move and /terminate drawn by the generic wizard screen from their
  // layouts (and /wizard/:wizardName opening any wizard, all three drawn) took it to 12,929. The security tabs and the
  // admin console's security section as stacks (issue 33: organisation-security, user-security, admin-security, the IP
  // restrictions a record form) took 7,734 to 7,278.
  const SCREENS_AT_MOST = 4941;
  const GOAL = { percentDrawn: 80, screensLines: 6000 };

  it(`draws at least ${DRAWN_AT_LEAST} routes (goal: ${GOAL.percentDrawn} %)`, () => {
    expect(share.all.drawn).toBeGreaterThanOrEqual(DRAWN_AT_LEAST);
  });

  it(`keeps src/screens at most ${SCREENS_AT_MOST} lines (goal: ${GOAL.screensLines})`, () => {
    expect(folderLines('src/screens')).toBeLessThanOrEqual(SCREENS_AT_MOST);
  });

  it('meets the goals themselves', () => {
    expect((100 * share.all.drawn) / share.all.total).toBeGreaterThanOrEqual(GOAL.percentDrawn);
    expect(folderLines('src/screens')).toBeLessThanOrEqual(GOAL.screensLines);
  });
});
