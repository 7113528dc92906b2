import { resolve } from 'node:path';

/** The smallest part of rolldown's chunking context this needs. */
interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

const root = resolve(import.meta.dirname, '..');
const ENTRY = resolve(root, 'src/main.tsx');
const START = resolve(root, 'src/start.tsx');
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
 * Chunks for the first page: everything `src/start.tsx` imports statically in one
 * `start` chunk, and what the sign-in screen adds in one `sign-in` chunk. Left
 * alone, the bundler splits these into some forty small files that each compress
 * on their own; the other screens keep the bundler's automatic chunks. The entry
 * (`src/main.tsx`) keeps its few modules out of `start`: it runs, and asks for the
 * texts, before `start` has arrived.
 */
export function firstPageChunks() {
  let entry: Set<string> | undefined;
  // Only our own modules are taken by reachability: a library's index re-exports
  // far more than a page uses, and everything reachable through it would follow.
  const group = (name: string, from: string, priority: number, alsoTake?: RegExp) => {
    let closure: Set<string> | undefined;
    return {
      name(id: string, graph: ModuleGraph): string | null {
        entry ??= staticClosure(graph, ENTRY);
        closure ??= staticClosure(graph, from);
        const leftToEntry = from !== ENTRY && entry.has(id);
        return closure.has(id) && !leftToEntry && (isOwnCode(id) || !!alsoTake?.test(id)) ? name : null;
      },
      // The start chunk takes its modules first; the sign-in chunk gets only the rest.
      priority,
      // A function `name` needs a label for the bundler's timing report.
      debugName: name,
    };
  };
  return { groups: [group('boot', ENTRY, 3, /preload-helper|modulepreload-polyfill/), group('start', START, 2, FRAMEWORK), group('sign-in', SIGN_IN_SCREEN, 1, /node_modules/)] };
}

/** The smallest part of a built chunk this needs. */
interface BuiltChunk {
  type: 'chunk' | 'asset';
  name?: string;
  fileName: string;
  viteMetadata?: { importedCss: Set<string> };
}

/**
 * index.html asks for the `start` chunk (and its styles) at once, as it would if the entry imported it
 * statically: the entry loads it dynamically only so that it can run first.
 */
export function preloadStartChunk() {
  let base = '/';
  return {
    name: 'preload-start-chunk',
    apply: 'build' as const,
    configResolved(config: { base: string }) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post' as const,
      handler(_html: string, context: { bundle?: Record<string, BuiltChunk> }) {
        const start = Object.values(context.bundle ?? {}).find((chunk) => chunk.type === 'chunk' && chunk.name === 'start');
        if (!start) throw new Error('preload-start-chunk: the build has no start chunk (scripts/vite-chunks.ts)');
        const styles = [...(start.viteMetadata?.importedCss ?? [])].map((file) => ({
          tag: 'link',
          attrs: { rel: 'stylesheet', crossorigin: true, href: `${base}${file}` },
          injectTo: 'head' as const,
        }));
        return [{ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${start.fileName}` }, injectTo: 'head' as const }, ...styles];
      },
    },
  };
}
