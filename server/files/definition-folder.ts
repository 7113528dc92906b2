import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Every `<id>.json` of a folder of definitions (dashboard cards, reports), checked, in file-name
 * order. A broken file, or one whose id is not its name, throws with the file's name: the server
 * refuses to guess.
 */
export function readDefinitionFolder<T extends { id: string }>(dir: string, what: string, problemsOf: (content: unknown) => string[]): T[] {
  const files = readdirSync(dir).filter((name) => name.endsWith('.json')).sort();
  return files.map((file) => {
    const content = JSON.parse(readFileSync(join(dir, file), 'utf8')) as unknown;
    const problems = problemsOf(content);
    if (problems.length) throw new Error(`${what} ${file}: ${problems.join('; ')}`);
    const typed = content as T;
    if (`${typed.id}.json` !== file) throw new Error(`${what} ${file}: id ${typed.id} does not match the file name`);
    return typed;
  });
}
