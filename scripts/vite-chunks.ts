import { resolve } from 'node:path';

/** The smallest part of rolldown's chunking context this needs. */
interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

const root = resolve(import.meta.dirname, '..');
const ENTRY = resolve(root, 'src/main.tsx');
const START = resolve(root, 'src/start.tsx');
/** The app and the start page after sign-in (src/start-page-code.ts): fetched while the user types. */
const SIGNED_IN = ['src/App.tsx', 'src/screens/list/ListScreen.tsx', 'src/shell/ShellLayout.tsx'].map((path) => resolve(root, path));

function staticClosure(graph: ModuleGraph, starts: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const pending = [...starts];
  while (pending.length) {
    const id = pending.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    pending.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/**
 * Libraries every page runs: whole packages, so that tree-shaking across screens
 * cannot scatter them. (MUI components are not here: each screen takes its own.)
 */
const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|i18next|react-i18next|@emotion[\\/][^\\/]+|stylis|@mui[\\/](system|utils|styled-engine|private-theming)|@mui[\\/]material[\\/]styles|@tanstack[\\/](query-core|react-query)|hoist-non-react-statics|react-is|use-sync-external-store|clsx|prop-types|@babel[\\/]runtime)[\\/]/;

const isOwnCode = (id: string) => id.startsWith(root) && !id.includes('node_modules');

/**
 * Chunks for the first page: the entry (`src/main.tsx`) with the sign-in form in `boot`
 * (a first load of #/login runs on it alone, issue 37), and everything `src/start.tsx`
 * imports statically beyond it in one `start` chunk, and what the app, its shell and the start
 * page's screen import statically beyond those in one `app` chunk (MUI's components among them).
 * Left alone, the bundler splits these into some eighty small files that each compress on their
 * own, and on a phone's network each file costs a round trip on one of the browser's six
 * connections: the app's code asked for as the user typed was still arriving when the user
 * signed in (issue 37). The other screens keep the bundler's automatic chunks.
 */
export function firstPageChunks() {
  let entry: Set<string> | undefined;
  // Only our own modules are taken by reachability: a library's index re-exports
  // far more than a page uses, and everything reachable through it would follow.
  const BOOT_ALSO = /preload-helper|modulepreload-polyfill/;
  const takes = (closure: Set<string>, id: string, alsoTake?: RegExp) => closure.has(id) && (isOwnCode(id) || !!alsoTake?.test(id));
  const group = (name: string, from: readonly string[], priority: number, alsoTake?: RegExp) => {
    let closure: Set<string> | undefined;
    return {
      name(id: string, graph: ModuleGraph): string | null {
        entry ??= staticClosure(graph, [ENTRY]);
        closure ??= staticClosure(graph, from);
        // What `boot` takes stays there; a library the entry's modules merely name (a type, an unused export) joins `start`.
        const leftToEntry = from[0] !== ENTRY && takes(entry, id, BOOT_ALSO);
        return takes(closure, id, alsoTake) && !leftToEntry ? name : null;
      },
      priority,
      // A function `name` needs a label for the bundler's timing report.
      debugName: name,
    };
  };
  // MUI's components and icons are imported one by one (deep paths): the app takes those its parts use.
  const MUI_PARTS = /[\\/]node_modules[\\/]@mui[\\/](material|icons-material)[\\/]/;
  return { groups: [group('boot', [ENTRY], 3, BOOT_ALSO), group('start', [START], 2, FRAMEWORK), group('app', SIGNED_IN, 1, MUI_PARTS)] };
}

const PURE = [resolve(root, 'engine'), resolve(root, 'contract')].map((folder) => folder + '/');
/** The one module of those folders that does something on import: it registers RE2 (contract/linear-pattern.ts). */
const REGISTERS = resolve(root, 'contract/linear-pattern-eager.ts');

/**
 * The engine and the contract (engine/, contract/: pure TypeScript, no React, nothing done on import but
 * linear-pattern-eager.ts) have no side effects: a module of theirs that a chunk reads nothing from is left out.
 * Without this, a screen importing one helper from the `engine/grids` index took every module the index
 * re-exports, the definition schema among them, and one constant of a contract's schemas took all its schemas
 * (issue 37: the start page's cards carried the whole definition schema and what shared a chunk with it).
 * For rolldown's `treeshake.moduleSideEffects`: false for those folders' own files, the default elsewhere.
 */
export function pureEngine(id: string): boolean | undefined {
  return PURE.some((folder) => id.startsWith(folder)) && !id.includes('node_modules') && id !== REGISTERS ? false : undefined;
}
