import { useEffect } from 'react';
import type { FormStore } from '../../engine/forms';

/** Tells the screen whenever the form turns dirty or clean (the unsaved-changes guard listens). */
export function useDirtyReport(store: FormStore, onDirtyChange: ((dirty: boolean) => void) | undefined): void {
  useEffect(() => {
    if (!onDirtyChange) return undefined;
    let dirty = store.getStatus().dirty;
    onDirtyChange(dirty);
    return store.subscribeStatus(() => {
      const next = store.getStatus().dirty;
      if (next !== dirty) onDirtyChange((dirty = next));
    });
  }, [store, onDirtyChange]);
}
