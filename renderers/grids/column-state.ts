import type { GridState } from 'ag-grid-community';

/** The parts of the grid state remembered per user and definition: columns and sort, not scroll or selection. */
const REMEMBERED = ['columnOrder', 'columnSizing', 'columnVisibility', 'columnPinning', 'sort'] as const;

function pick(state: GridState): GridState {
  const kept: GridState = {};
  for (const key of REMEMBERED) if (state[key] !== undefined) Object.assign(kept, { [key]: state[key] });
  return kept;
}

export function readColumnState(key: string): GridState | undefined {
  try {
    const text = localStorage.getItem(key);
    return text ? pick(JSON.parse(text) as GridState) : undefined;
  } catch {
    return undefined;
  }
}

export function writeColumnState(key: string, state: GridState): void {
  try {
    localStorage.setItem(key, JSON.stringify(pick(state)));
  } catch {
    // Blocked or full storage: the layout lasts for this visit only.
  }
}

export function forgetColumnState(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // nothing to forget
  }
}
