/**
 * The AG Grid modules the defined grids use, registered once. Imported only by
 * renderers/grids, which only lazy screens load: the login route never
 * downloads AG Grid.
 */
import {
  CellStyleModule,
  ColumnApiModule,
  ColumnAutoSizeModule,
  GridStateModule,
  InfiniteRowModelModule,
  ModuleRegistry,
  RenderApiModule,
  RowApiModule,
  RowSelectionModule,
  RowStyleModule,
  ScrollApiModule,
  TooltipModule,
  ValidationModule,
} from 'ag-grid-community';

let registered = false;

export function registerGridModules(): void {
  if (registered) return;
  registered = true;
  ModuleRegistry.registerModules([
    InfiniteRowModelModule,
    RowSelectionModule,
    GridStateModule,
    ColumnApiModule,
    ColumnAutoSizeModule,
    RowApiModule,
    RenderApiModule,
    ScrollApiModule,
    CellStyleModule,
    RowStyleModule,
    TooltipModule,
    // Explains misconfiguration in the console during development only.
    ...(import.meta.env?.DEV ? [ValidationModule] : []),
  ]);
}
