/**
 * The reads a definition's parts make as its screen opens, besides its record and rows (which the frame and the
 * rows ask for at once): a tabs page's tab list (`tabs.from`) and its head's lookups and links (`tabs.head`), and a
 * record editor's stored record (`recordEditor.load`). Those parts are drawn by code loaded when first needed, so
 * the screen asks for their reads while that code is on its way (issue 37): on a slow phone each would otherwise be
 * a round trip the page waits for after the code's own.
 */
import type { ScreenContext } from './bindings';
import type { ScreenDefinition } from './definition-schema';
import { recordCallBody } from './record-page';

export interface OpeningRead {
  service: string;
  method: string;
  body: Record<string, unknown>;
}

type Call = { service: string; method: string; params?: Parameters<typeof recordCallBody>[0]['params'] };

export function openingReads(definition: ScreenDefinition, context: ScreenContext): OpeningRead[] {
  const calls: Call[] = [];
  const { tabs, recordEditor } = definition;
  if (tabs?.from) calls.push(tabs.from);
  if (tabs?.head) calls.push(...(tabs.head.lookups ?? []), ...(tabs.head.linksFrom ?? []));
  // A stored record only: an editor opened on a new record reads nothing.
  if (recordEditor && /^\d+$/.test(String(context[recordEditor.idContext] ?? ''))) calls.push(recordEditor.load);
  const reads: OpeningRead[] = [];
  for (const call of calls) {
    const body = recordCallBody(call, context);
    const read = body && { service: call.service, method: call.method, body };
    if (read && !reads.some((known) => JSON.stringify(known) === JSON.stringify(read))) reads.push(read);
  }
  return reads;
}
