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
