import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LayoutJson } from '../../../engine/studio/layout-edit';
import { sectionTitles, typeLabelTexts, withRootProperty, withSectionTitle, withTypeLabel } from '../../../engine/studio/layout-panels';
import { SchemaPropertyInput, type PropertySchema } from '../../../renderers/inputs/SchemaPropertyInput';
import { TabsPanel } from './TabsPanel';
import { TextsPerLanguage } from './TextsPerLanguage';

type Schema = PropertySchema & { properties?: Record<string, PropertySchema> };
/** Edited elsewhere (the tree, the texts, the JSON view) or not a product owner's task; TypeLabel: as texts per language; Tabs: their own panel. */
const NOT_HERE = new Set(['$schema', 'Pages', 'Texts', 'Wizard', 'MetaRules', 'TypeLabel', 'Tabs']);

/** What an absent yes/no property means: a type is offered in New menus when its layout may CREATE. */
const defaultOf = (layout: LayoutJson, key: string): boolean => key === 'Creatable' && Array.isArray(layout.Actions) && layout.Actions.includes('CREATE');

interface Props {
  layout: LayoutJson;
  layoutSchema: unknown;
  onChange(layout: LayoutJson): void;
}

/**
 * The layout as a whole, when no field is selected: the properties of its root
 * the schema gives a simple shape (account type, id prefix, parent types,
 * capability … whatever the schema holds), and each section's title per language.
 */
export function LayoutRootPanel({ layout, layoutSchema, onChange }: Props) {
  const { t } = useTranslation();
  const properties = Object.entries((layoutSchema as Schema | undefined)?.properties ?? {}).filter(([key]) => !NOT_HERE.has(key));
  const sections = layout.Pages.flatMap((page, p) => page.Containers.map((container, c) => ({ id: `${p}/${c}`, p, c, name: `${page.Name} › ${container.Name}` })));
  const [section, setSection] = useState(sections[0]?.id ?? '');
  const chosen = sections.find((entry) => entry.id === section);
  const label = (key: string) => t(`studio.panels.root.${key}`, { defaultValue: key });
  return (
    <Stack spacing={1.5} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, overflow: 'auto', maxHeight: 'calc(100vh - 330px)' }} data-testid="studio-layout-panel">
      <Typography variant="subtitle2">{t('studio.panels.layout')}</Typography>
      {typeof layout.AccountType === 'string' && !layout.Products && !layout.Wizard && (
        <TextsPerLanguage label={label('TypeLabel')} texts={typeLabelTexts(layout)} onChange={(locale, text) => onChange(withTypeLabel(layout, { [locale]: text }))} testId="studio-type-label" />
      )}
      {properties.map(([key, schema]) => (
        <SchemaPropertyInput key={key} schema={schema} label={label(key)} value={layout[key]} fallback={defaultOf(layout, key)} onChange={(value) => onChange(withRootProperty(layout, key, value))} testId={`studio-root-${key}`} />
      ))}
      {typeof layout.AccountType === 'string' && !layout.Products && !layout.Wizard && <TabsPanel layout={layout} onChange={onChange} />}
      {chosen && (
        <>
          <Typography variant="subtitle2">{t('studio.panels.sectionTitles')}</Typography>
          <TextField select size="small" label={t('studio.panels.section')} value={section} onChange={(event) => setSection(event.target.value)} slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'studio-section' } as object } }}>
            {sections.map((entry) => (
              <MenuItem key={entry.id} value={entry.id}>
                {entry.name}
              </MenuItem>
            ))}
          </TextField>
          <TextsPerLanguage
            key={section}
            label={t('studio.panels.sectionTitle')}
            texts={sectionTitles(layout, chosen.p, chosen.c)}
            onChange={(locale, text) => onChange(withSectionTitle(layout, chosen.p, chosen.c, { [locale]: text }))}
            testId="studio-section-title"
          />
        </>
      )}
    </Stack>
  );
}
