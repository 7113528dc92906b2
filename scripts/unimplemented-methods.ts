// Prints (or, with --write, puts into README.md) the catalogue methods that still answer 501.
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { listMethods } from '../contract';
import { implementedMethods } from '../server/services/registry';

export const README_START = '<!-- unimplemented:start -->';
export const README_END = '<!-- unimplemented:end -->';

/** One line per service: "- `Service`: `A`, `B`". */
export function unimplementedBlock(): string {
  const implemented = new Set(implementedMethods());
  const byService = new Map<string, string[]>();
  for (const { service, method } of listMethods()) {
    if (implemented.has(`${service}/${method}`)) continue;
    byService.set(service, [...(byService.get(service) ?? []), method]);
  }
  const lines = [...byService].map(([service, methods]) => `- \`${service}\`: ${methods.map((m) => `\`${m}\``).join(', ')}`);
  return [README_START, ...(lines.length ? lines : ['- none']), README_END].join('\n');
}

export function readmeWithBlock(readme: string): string {
  const start = readme.indexOf(README_START);
  const end = readme.indexOf(README_END);
  if (start < 0 || end < 0) throw new Error('README.md lacks the unimplemented-methods markers');
  return readme.slice(0, start) + unimplementedBlock() + readme.slice(end + README_END.length);
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const path = resolve(import.meta.dirname, '../README.md');
  if (process.argv.includes('--write')) writeFileSync(path, readmeWithBlock(readFileSync(path, 'utf8')));
  else console.log(unimplementedBlock());
}
