import { resolve } from 'node:path';

/** The smallest part of rolldown's chunking context this needs. */
interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

const root = resolve(import.meta.dirname, '..');
const ENTRY = resolve(root, 'src/main.tsx');
const SIGN_IN_SCREEN = resolve(root, 'src/identity/sign-in/SignInForm.tsx');

function staticClosure(graph: ModuleGraph, start: string): Set<string> {
  const seen = new Set<string>();
  const pending = [start];
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
 * Chunks for the first page: everything the entry imports statically in one
 * `start` chunk, and what the sign-in screen adds in one `sign-in` chunk. Left
 * alone, the bundler splits these into some forty small files that each compress
 * on their own; the other screens keep the bundler's automatic chunks.
 */
export function firstPageChunks() {
  // Only our own modules are taken by reachability: a library's index re-exports
  // far more than a page uses, and everything reachable through it would follow.
  const group = (name: string, from: string, priority: number, alsoTake?: RegExp) => {
    let closure: Set<string> | undefined;
    return {
      name(id: string, graph: ModuleGraph): string | null {
        closure ??= staticClosure(graph, from);
        return closure.has(id) && (isOwnCode(id) || !!alsoTake?.test(id)) ? name : null;
      },
      // The start chunk takes its modules first; the sign-in chunk gets only the rest.
      priority,
      // A function `name` needs a label for the bundler's timing report.
      debugName: name,
    };
  };
  return { groups: [group('start', ENTRY, 2, FRAMEWORK), group('sign-in', SIGN_IN_SCREEN, 1, /node_modules/)] };
}
