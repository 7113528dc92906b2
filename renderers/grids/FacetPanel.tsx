import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { facetItems, resolveText, toggleFacetValue, type FacetChoices, type FacetDefinition, type FacetValue, type Translate } from '../../engine/grids';
import { FacetSwitches } from './FacetSwitches';
import { formatNumber } from '../../contract/formatting';

export interface FacetPanelProps {
  idPrefix: string;
  facets: readonly FacetDefinition[];
  choices: FacetChoices;
  metadata: unknown;
  translate: Translate;
  locale: string;
  onChange: (choices: FacetChoices) => void;
  /** Shown when some facet or the search narrows the rows. */
  onClear?: () => void;
}

/** The facets beside the rows: switches first, then each checkList's values with their counts (other facets applied). */
export function FacetPanel({ idPrefix, facets, choices, metadata, translate, locale, onChange, onClear }: FacetPanelProps) {
  return (
    <Paper variant="outlined" sx={{ p: 2, width: { xs: '100%', md: 280 }, flexShrink: 0 }} data-testid={`${idPrefix}-facets`} role="region" aria-label={translate('grids.facets.title')}>
      <Stack spacing={2}>
        <FacetSwitches idPrefix={idPrefix} facets={facets} choices={choices} metadata={metadata} translate={translate} locale={locale} onChange={(id, on) => onChange({ ...choices, [id]: on })} />
        {facets
          .filter((facet) => facet.input === 'checkList')
          .map((facet) => {
            const chosen = (Array.isArray(choices[facet.id]) ? choices[facet.id] : []) as readonly FacetValue[];
            const items = facetItems(facet, metadata, chosen, translate);
            if (items.length === 0) return null;
            return (
              <Box key={facet.id} data-testid={`${idPrefix}-facet-${facet.id}`}>
                <Typography variant="overline" color="text.secondary">
                  {resolveText(facet.label, translate, locale)}
                </Typography>
                <Stack>
                  {items.map((item) => (
                    <FormControlLabel
                      key={String(item.value)}
                      sx={{ mr: 0, '& .MuiFormControlLabel-label': { flexGrow: 1, display: 'flex', justifyContent: 'space-between', gap: 1, fontSize: 14 } }}
                      control={<Checkbox size="small" checked={chosen.includes(item.value)} onChange={() => onChange(toggleFacetValue(choices, facet.id, item.value))} sx={{ py: 0.25 }} />}
                      label={
                        <>
                          <span>{item.label}</span>
                          <Typography component="span" variant="body2" color="text.secondary">
                            {formatNumber(item.count, { locale })}
                          </Typography>
                        </>
                      }
                    />
                  ))}
                </Stack>
              </Box>
            );
          })}
        {onClear && (
          <Button size="small" onClick={onClear} data-testid={`${idPrefix}-facets-clear`}>
            {translate('grids.facets.clear')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
