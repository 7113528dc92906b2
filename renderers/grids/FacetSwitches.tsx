import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { resolveText, switchCount, type FacetChoices, type FacetDefinition, type Translate } from '../../engine/grids';
import { formatNumber } from '../../contract/formatting';

/** The switch facets of a definition (a tree's "show terminated", explore's "new only"), with their counts when the metadata has them. */
export function FacetSwitches({ idPrefix, facets, choices, metadata, translate, locale, onChange }: {
  idPrefix: string;
  facets: readonly FacetDefinition[];
  choices: FacetChoices;
  metadata?: unknown;
  translate: Translate;
  locale: string;
  onChange: (facetId: string, on: boolean) => void;
}) {
  return (
    <>
      {facets
        .filter((facet) => facet.input === 'switch')
        .map((facet) => {
          const count = switchCount(facet, metadata);
          const label = resolveText(facet.label, translate, locale);
          return (
            <FormControlLabel
              key={facet.id}
              control={<Switch checked={choices[facet.id] === true} onChange={(event) => onChange(facet.id, event.target.checked)} data-testid={`${idPrefix}-facet-${facet.id}`} />}
              label={count === undefined ? label : `${label} (${formatNumber(count, { locale })})`}
            />
          );
        })}
    </>
  );
}
