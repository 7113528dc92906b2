/**
 * The host tabs (src/shell/host-tabs.tsx) handed down by the shell's layout, so the definition screens reach them
 * without importing the screens they draw (which draw definitions themselves: an import circle). TEMPORARY with them.
 */
import { createContext } from 'react';
import type { HostTabs } from '../../renderers/grids/DefinedTabs';

export const HostTabsContext = createContext<HostTabs>({});
