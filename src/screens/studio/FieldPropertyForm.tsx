import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { layoutToFormModel, type FormValue } from '../../../engine/forms';
import { defaultRendererRegistry, LayoutForm, useLayoutForm } from '../../../renderers/forms';
import { setFieldProperty, setFieldText, type FieldAt, type LayoutJson } from '../../../engine/studio/layout-edit';
import type { ServerPreviewBasis } from '../../../engine/studio/draft-layout';
import { propertyForm, propertyValue, TEXT_KEY_PROPERTIES, fieldSchemaOf } from '../../../engine/studio/property-layout';

interface Props {
  layoutSchema: unknown;
  layout: LayoutJson;
  at: FieldAt;
  onChange(layout: LayoutJson, select?: FieldAt): void;
}

/**
 * The selected field's properties, as a form our engine generates from the
 * layout JSON Schema. The form is built once per selected place (so typing
 * keeps its focus); each change is written into the layout at once.
 */
export function FieldPropertyForm({ layoutSchema, layout, at, onChange }: Props) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const locale = (i18n.resolvedLanguage ?? 'en').split('-')[0];
  const fieldSchema = useMemo(() => fieldSchemaOf(layoutSchema), [layoutSchema]);
  const latest = useRef({ layout, onChange });
  latest.current = { layout, onChange };
  const place = at.join('/');
  // Built from the layout as it is when the field is selected; later edits come from this form itself.
  const generated = useMemo(
    () => {
      if (!fieldSchema) return undefined;
      // The server texts a layout names, in the editor's language, come with the preview beside the panel.
      const previews = queryClient.getQueriesData<{ Basis?: ServerPreviewBasis }>({ queryKey: ['studio', 'preview'] });
      const serverTexts: Record<string, string> = Object.assign({}, ...previews.map(([, data]) => data?.Basis?.ServerTexts ?? {}));
      const texts = latest.current.layout.Texts;
      const textOf = (key: unknown) => (typeof key === 'string' ? (texts?.[locale]?.[key] ?? serverTexts[key] ?? texts?.en?.[key] ?? key) : '');
      return propertyForm(fieldSchema, latest.current.layout.Pages[at[0]].Containers[at[1]].Fields[at[2]], latest.current.layout, textOf);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one form per selected place
    [fieldSchema, place],
  );
  const model = useMemo(
    () => generated && layoutToFormModel(generated.layout, { mode: 'edit', views: generated.views, capabilities: [], testers: defaultRendererRegistry.testers }),
    [generated],
  );
  if (!generated || !model) return null;
  return (
    <>
      {/* A form of its own per selected place: a form keeps its values across new models. */}
      <GeneratedForm key={place} model={model} at={at} latest={latest} locale={locale} />
      {generated.elsewhere.length > 0 && (
        <Typography variant="caption" color="text.secondary" data-testid="studio-props-elsewhere">
          {t('studio.structure.elsewhere', { properties: generated.elsewhere.join(', ') })}
        </Typography>
      )}
    </>
  );
}

function GeneratedForm({
  model,
  at,
  latest,
  locale,
}: {
  model: NonNullable<ReturnType<typeof layoutToFormModel>>;
  at: FieldAt;
  latest: React.RefObject<{ layout: LayoutJson; onChange: Props['onChange'] }>;
  locale: string;
}) {
  const form = useLayoutForm(model);
  useEffect(() => {
    const last = new Map<string, FormValue>(model.fieldOrder.map((name) => [name, form.store.getField(name).value]));
    const unsubscribe = model.fieldOrder.map((name) =>
      form.store.subscribeField(name, () => {
        const value = form.store.getField(name).value;
        if (JSON.stringify(value) === JSON.stringify(last.get(name))) return;
        last.set(name, value);
        const { layout, onChange } = latest.current;
        const next = TEXT_KEY_PROPERTIES.has(name)
          ? setFieldText(layout, at, name, typeof value === 'string' ? value : '', locale)
          : setFieldProperty(layout, at, name, propertyValue(model.fields[name].kind, value));
        onChange(next, at);
      }),
    );
    return () => unsubscribe.forEach((stop) => stop());
  }, [form, model, at, latest, locale]);
  return (
    <div data-testid="studio-property-form">
      <LayoutForm form={form} />
    </div>
  );
}
