import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { pickTextPart, TEXT_PARTS, type TextPart } from '../src/i18n/text-parts.ts';

const PART_REQUEST = /^(.*[/\\]locales[/\\][\w-]+\.json)\?(?:import&)?part=(\w+)$/;
const VIRTUAL_PREFIX = '\0locale-part:';

/**
 * Serves `locales/<code>.json?part=start|shell` as a module holding that part of
 * the locale file (see src/i18n/text-parts.ts). The module id does not end in
 * .json, so Vite's own JSON handling leaves it alone.
 */
export function localeParts(): Plugin {
  return {
    name: 'locale-parts',
    enforce: 'pre',
    resolveId(source, importer) {
      const match = PART_REQUEST.exec(source);
      if (!match) return null;
      const part = match[2] as TextPart;
      if (!TEXT_PARTS.includes(part)) throw new Error(`Unknown locale part "${part}" in ${source}`);
      const file = importer && match[1].startsWith('.') ? resolve(importer, '..', match[1]) : match[1];
      return `${VIRTUAL_PREFIX}${file}:${part}`;
    },
    load(id) {
      if (!id.startsWith(VIRTUAL_PREFIX)) return null;
      const separator = id.lastIndexOf(':');
      const file = id.slice(VIRTUAL_PREFIX.length, separator);
      const part = id.slice(separator + 1) as TextPart;
      this.addWatchFile(file);
      const texts = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      return `export default ${JSON.stringify(pickTextPart(texts, part))};`;
    },
  };
}

/** The smallest part of a built chunk this needs. */
interface BuiltChunk {
  type: 'chunk' | 'asset';
  fileName: string;
  facadeModuleId?: string | null;
}

/**
 * index.html asks for the default locale's `signIn` texts beside the entry (issue 37): the entry would
 * ask for them only once it runs, a round trip later (562 ms on 3G). A page in another language (stored
 * or the branding's default) loads its own part as before; the default's (~1 kB gzip) then goes unused.
 */
export function preloadSignInTexts(locale: string): Plugin {
  let base = '/';
  return {
    name: 'preload-sign-in-texts',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const wanted = `${resolve(import.meta.dirname, '..', 'locales', `${locale}.json`)}:signIn`;
        const chunk = Object.values((context.bundle ?? {}) as Record<string, BuiltChunk>).find(
          (output) => output.type === 'chunk' && output.facadeModuleId === `${VIRTUAL_PREFIX}${wanted}`,
        );
        if (!chunk) throw new Error(`preload-sign-in-texts: the build has no signIn part of locales/${locale}.json`);
        return [{ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${chunk.fileName}` }, injectTo: 'head' }];
      },
    },
  };
}
