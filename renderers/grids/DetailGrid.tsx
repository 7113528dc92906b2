/**
 * The detail panel's `grid`: another definition's rows under the panel's fields (an import's accounts),
 * the row's fields as that definition's context. `round` changes when the panel's row moved on (a followed
 * job changed state): the rows are read again then. The grid itself comes from `render`, so this file
 * needs no import of <DefinedGrid> (which draws the panel).
 */
import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { pageFormatting } from '../../contract/formatting';
import { detailGridContext, resolveText, type DetailPanelDefinition, type ScreenContext, type ScreenDefinition } from '../../engine/grids';
import { errorText } from './grid-service';
import type { DefinitionLoader } from './RowDialog';

export interface DetailGridProps {
  grid: NonNullable<DetailPanelDefinition['grid']>;
  row: Record<string, unknown>;
  round: number;
  loadDefinition: DefinitionLoader;
  render: (definition: ScreenDefinition, context: ScreenContext) => ReactNode;
}

export function DetailGrid({ grid, row, round, loadDefinition, render }: DetailGridProps) {
  const { t, i18n } = useTranslation();
  const locale = pageFormatting(i18n.resolvedLanguage ?? i18n.language).locale;
  const [definition, setDefinition] = useState<ScreenDefinition | undefined>();
  const [failed, setFailed] = useState<string | undefined>();
  useEffect(() => {
    let current = true;
    loadDefinition(grid.definition).then(
      (loaded) => current && setDefinition(loaded),
      (error: unknown) => current && setFailed(errorText(error, t('grids.loadFailed'))),
    );
    return () => {
      current = false;
    };
  }, [grid.definition, loadDefinition, t]);
  const contextKey = JSON.stringify(detailGridContext(grid, row));
  // A new context (a new round) makes the grid read its rows again.
  const context = useMemo<ScreenContext>(() => ({ ...(JSON.parse(contextKey) as ScreenContext), detailRound: round }), [contextKey, round]);
  if (failed) return <Alert severity="error">{failed}</Alert>;
  if (!definition) return <LinearProgress />;
  // Without every context value the grid's call could not be made yet (a new row still loading).
  if (Object.keys(grid.context).some((name) => context[name] === undefined)) return null;
  return (
    <>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 0.5 }}>
        {resolveText(definition.title, (key, values) => String(t(key, values)), locale)}
      </Typography>
      {render(definition, context)}
    </>
  );
}
