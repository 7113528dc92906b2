import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { fillRoute, type ScreenContext, type TreeViewDefinition } from '../../engine/grids';
import { KindIcon } from './cells/KindIcon';
import type { GridServiceCaller } from './grid-service';
import { SourceAutocomplete } from './SourceAutocomplete';

type Find = NonNullable<TreeViewDefinition['find']>;

export interface TreeFindProps {
  find: Find;
  /** `{definition id}-find`; each option `{testId}-option-{value}`. */
  testId: string;
  text: (ref: Find['label']) => string;
  context: ScreenContext;
  callService: GridServiceCaller;
  /** Where a found row opens instead of the definition's `to` (e.g. the account page, on the account's tab). */
  to?: string;
  onError: (error: unknown) => void;
  /** Without the space under it (beside a heading). */
  dense?: boolean;
}

/**
 * A tree's search (its `find`): a tree level shows only its first nodes, the search
 * reaches them all — the options are searched as the user types, and the chosen
 * row's route opens.
 */
export function TreeFind({ find, testId, text, context, callService, to, onError, dense = false }: TreeFindProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const icon = find.icon;
  return (
    <Box sx={dense ? undefined : { maxWidth: 480, mb: 2 }}>
      <SourceAutocomplete
        source={find.options}
        context={context}
        callService={callService}
        onError={onError}
        onPick={(option) => option.row && navigate(fillRoute(to ?? find.to, option.row))}
        label={text(find.label)}
        placeholder={find.placeholder ? text(find.placeholder) : undefined}
        loadingText={t('grids.find.searching')}
        noOptionsText={find.empty ? text(find.empty) : t('forms.noOptions')}
        symbolOf={icon && ((option) => <KindIcon kind={icon.valueKind} value={String(option.row?.[icon.field] ?? '')} />)}
        testId={testId}
        optionTestIds
      />
    </Box>
  );
}
