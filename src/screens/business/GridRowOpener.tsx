import Box from '@mui/material/Box';
import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';

/**
 * Opens a row of a <DefinedGrid> in the screen's own panel, on click or Enter.
 * DefinedGrid offers no row-open callback for panels other than its field list,
 * so this reads the row id AG Grid puts on each row element (`row-id`, from the
 * definition's rowId). Clicks on selection boxes, links and buttons are theirs.
 */
export function GridRowOpener({ onOpen, children }: { onOpen: (rowId: string) => void; children: ReactNode }) {
  const rowIdAt = (target: EventTarget) => {
    if (!(target instanceof Element) || target.closest('.ag-selection-checkbox, a, button, input')) return undefined;
    return target.closest('.ag-row[row-id]')?.getAttribute('row-id') ?? undefined;
  };
  const open = (event: MouseEvent | KeyboardEvent) => {
    const rowId = rowIdAt(event.target);
    if (rowId) onOpen(rowId);
  };
  return (
    <Box onClick={open} onKeyDown={(event) => event.key === 'Enter' && open(event)}>
      {children}
    </Box>
  );
}
