// CI check (issue 37): the JavaScript the sign-in page loads before it is interactive, in gzip bytes,
// printed and held to its budget. Bytes are stable where times are not: the first page of a phone on 3G
// must stay small. Reads the built client (dist/client, or the folder given): the entry script and
// modulepreloads of index.html and every chunk they import statically, each counted as the server
// sends it to a gzip client (the build's .gz file; a file too small to have one goes as it is).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export const SIGN_IN_BUDGET_GZIP_BYTES = 120 * 1024;

/** The files of the first page: index.html's scripts and their static imports, by name. */
export function firstPageScripts(clientDir) {
  const html = readFileSync(join(clientDir, 'index.html'), 'utf8');
  const pending = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/v\/assets\/([^"]+\.js)"/g)].map((match) => match[1]);
  const seen = new Set();
  while (pending.length) {
    const name = pending.pop();
    if (seen.has(name)) continue;
    seen.add(name);
    const code = readFileSync(join(clientDir, 'assets', name), 'utf8');
    // Static imports only (`import … from "./x.js"`, `import "./x.js"`); import("./x.js") loads later.
    for (const match of code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[^'"()]*?\sfrom\s*)?["']\.\/([^"']+\.js)["']/g)) pending.push(match[1]);
  }
  return [...seen].sort();
}

/** The chunks fetched while the user types and run after the click: compiled ahead (scripts/vite-compile-hints.ts). */
const COMPILED_AHEAD = ['app', 'start'];

/** Those of COMPILED_AHEAD whose built file does not open with V8's compile hint (the line vite-compile-hints.ts writes). */
export function chunksNotCompiledAhead(clientDir) {
  const names = readdirSync(join(clientDir, 'assets'));
  return COMPILED_AHEAD.filter((chunk) => {
    const file = names.find((name) => name.startsWith(`${chunk}-`) && name.endsWith('.js'));
    return !file || !readFileSync(join(clientDir, 'assets', file), 'utf8').startsWith('//# allFunctionsCalledOnLoad\n');
  });
}

export function gzipBytesOf(clientDir, name) {
  const file = join(clientDir, 'assets', name);
  return existsSync(`${file}.gz`) ? readFileSync(`${file}.gz`).length : readFileSync(file).length;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const clientDir = resolve(process.argv[2] ?? join(import.meta.dirname, '..', 'dist/client'));
  const files = firstPageScripts(clientDir).map((name) => ({ name, gzip: gzipBytesOf(clientDir, name) }));
  const total = files.reduce((sum, file) => sum + file.gzip, 0);
  for (const file of files) console.log(`  ${file.name}: ${file.gzip} B gzip`);
  console.log(`Sign-in page JavaScript: ${total} B gzip in ${files.length} files (budget ${SIGN_IN_BUDGET_GZIP_BYTES} B).`);
  if (total > SIGN_IN_BUDGET_GZIP_BYTES) {
    console.error(`The sign-in page's JavaScript grew past its budget by ${total - SIGN_IN_BUDGET_GZIP_BYTES} B: see bench/README.md (journeys).`);
    process.exit(1);
  }
  const notAhead = chunksNotCompiledAhead(clientDir);
  if (notAhead.length) {
    console.error(`These chunks lost V8's compile hint on their first line (scripts/vite-compile-hints.ts): ${notAhead.join(', ')}.`);
    process.exit(1);
  }
  console.log(`Compiled ahead (V8's compile hint): ${COMPILED_AHEAD.join(', ')}.`);
}
