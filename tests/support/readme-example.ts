import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** The code block between the README's markers of one example (`<!-- example:NAME:start -->`), run as written by the tests. */
export function readmeExample(name: string): string {
  const readme = readFileSync(resolve(import.meta.dirname, '../../README.md'), 'utf8');
  const block = new RegExp(`<!-- example:${name}:start -->\\s*\`\`\`js\\n([\\s\\S]*?)\`\`\`\\s*<!-- example:${name}:end -->`).exec(readme);
  if (!block) throw new Error(`README has no example ${name}`);
  return block[1];
}
