/**
 * Checks of a board that a schema cannot say: its cards are the data source's whole answer (client paging), the
 * method answers cards (the fields engine/grids/board.ts draws, as far as its result schema says), and no part of
 * another kind of screen stands beside it.
 */
import type { MethodContract } from '../../contract/define';
import { BOARD_CARD_FIELDS } from './board';
import type { Checker } from './checker';
import type { ScreenDefinition } from './definition-schema';

type Schema = { properties?: Record<string, Schema>; items?: Schema };

/** The properties of one row of the method's answer (`rowsPath` of it, or the answer itself a list), when its schema says. */
function rowProperties(contract: MethodContract | undefined, rowsPath: string | undefined): Set<string> | undefined {
  const result = contract?.result as Schema | undefined;
  const rows = rowsPath ? result?.properties?.[rowsPath] : result;
  const properties = rows?.items?.properties;
  return properties ? new Set(Object.keys(properties)) : undefined;
}

export function checkBoard(check: Checker, definition: ScreenDefinition): void {
  if (!definition.board) return;
  const { paging, service, method } = definition.dataSource;
  if (paging.mode !== 'client') {
    check.add(['dataSource', 'paging'], 'a board draws every card of one call: it needs client paging');
    return;
  }
  const answered = rowProperties(check.method(['dataSource'], service, method), paging.rowsPath);
  const missing = BOARD_CARD_FIELDS.filter((field) => answered && !answered.has(field));
  if (missing.length > 0) check.add(['dataSource'], `the method's rows are not cards: they lack ${missing.join(', ')}`);
  for (const part of ['editing', 'lineEditor', 'listEditor', 'recordPage', 'recordForm', 'recordEditor', 'runner', 'masterDetail', 'cards', 'addPanel', 'createForm', 'detailPanel', 'actions', 'rowForm', 'filters'] as const) {
    if (definition[part] !== undefined) check.add([part], `a board draws its cards: ${part} does not apply`);
  }
}
