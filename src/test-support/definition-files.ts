import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFINITIONS_PATH } from '../api/screen-definitions';

const SCREENS = join(import.meta.dirname, '../../screen-definitions/screens');

/**
 * The server's answer to a screen definition's URL, read from the shipped file (a fake server's part): the
 * start page and other definition screens draw as they would in the app. Undefined for any other URL.
 */
export function definitionFileResponse(url: string): Response | undefined {
  const at = url.indexOf(DEFINITIONS_PATH);
  if (at < 0) return undefined;
  const file = join(SCREENS, decodeURIComponent(url.slice(at + DEFINITIONS_PATH.length)));
  return existsSync(file) ? new Response(readFileSync(file, 'utf8'), { headers: { 'content-type': 'application/json' } }) : new Response('', { status: 404 });
}
