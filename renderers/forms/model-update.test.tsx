// @vitest-environment jsdom
/**
 * A new model of the same form (the studio's preview after an edit of its
 * layout): the store, with what was typed, survives, and only the field whose
 * definition changed is drawn again (counted per field by a registry whose
 * renderers count their renders).
 */
import { ThemeProvider } from '@mui/material/styles';
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { useMemo } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { largeLayout, largeLayoutViews } from '../../engine/forms/fixtures/large-layout';
import { layoutToFormModel, type FormStore } from '../../engine/forms';
import type { ViewLayout } from '../../contract/services/account-schemas';
import { defaultRendererRegistry } from './default-registry';
import type { FieldRendererProps } from './field-props';
import { inputIdOf } from './field-props';
import { LayoutForm } from './LayoutForm';
import { createRendererRegistry } from './registry';
import { editor, initFormTexts, testTheme } from './test-support';
import { useLayoutForm } from './use-layout-form';

beforeAll(initFormTexts);
afterEach(cleanup);

const renders = new Map<string, number>();
const counting = createRendererRegistry(
  defaultRendererRegistry.entries.map((entry) => {
    const Inner = entry.component;
    const component = (props: FieldRendererProps) => {
      renders.set(props.field.name, (renders.get(props.field.name) ?? 0) + 1);
      return <Inner {...props} />;
    };
    return { ...entry, component };
  }),
);

/** As the studio's preview: a model computed from the layout on every render, one form for all of them. */
function Preview({ layout, onStore }: { layout: ViewLayout; onStore(store: FormStore): void }) {
  const model = useMemo(() => layoutToFormModel(layout, { mode: 'edit', views: largeLayoutViews(layout), capabilities: editor, testers: counting.testers }), [layout]);
  const form = useLayoutForm(model);
  onStore(form.store);
  return <LayoutForm form={form} registry={counting} />;
}

/** The layout with one field's label changed: a new layout object, as the studio's draft after a keystroke. */
function relabel(layout: ViewLayout, name: string, label: string): ViewLayout {
  return structuredClone({
    ...layout,
    Pages: layout.Pages.map((page) => ({
      ...page,
      Containers: page.Containers.map((container) => ({
        ...container,
        Fields: container.Fields.map((field) => (field.Name === name ? { ...field, DisplayValue: label } : field)),
      })),
    })),
  });
}

const inputOf = (name: string) => document.getElementById(inputIdOf(name)) as HTMLInputElement;

describe('a new model of a drawn form', { timeout: 60_000 }, () => {
  it('keeps the store and what was typed, and draws again only the field whose definition changed', async () => {
    const stores = new Set<FormStore>();
    const layout = largeLayout(10, 100);
    const view = render(
      <ThemeProvider theme={testTheme}>
        <Preview layout={layout} onStore={(store) => stores.add(store)} />
      </ThemeProvider>,
    );
    await waitFor(() => expect(document.querySelectorAll('[data-testid^="field-"]')).toHaveLength(100));
    act(() => {
      fireEvent.change(inputOf('F1_1'), { target: { value: 'typed in the preview' } });
      fireEvent.blur(inputOf('F1_1'));
    });
    renders.clear();

    view.rerender(
      <ThemeProvider theme={testTheme}>
        <Preview layout={relabel(layout, 'F1_50', 'Renamed field')} onStore={(store) => stores.add(store)} />
      </ThemeProvider>,
    );

    expect(document.querySelector('[data-testid="field-F1_50"]')?.textContent).toContain('Renamed field');
    expect(Object.fromEntries(renders)).toEqual({ F1_50: 1 });
    expect(stores.size).toBe(1);
    expect(inputOf('F1_1').value).toBe('typed in the preview');
    const [store] = stores;
    expect(store.changedValues()).toEqual({ Values: { F1_1: 'typed in the preview' } });
    expect(document.querySelectorAll('[data-testid^="field-"]')).toHaveLength(100);
  });

  it('draws a field added to the layout and drops a removed one, keeping the other values', async () => {
    let store: FormStore | undefined;
    const layout = largeLayout(1, 20, 2);
    const view = render(
      <ThemeProvider theme={testTheme}>
        <Preview layout={layout} onStore={(current) => (store = current)} />
      </ThemeProvider>,
    );
    await waitFor(() => expect(document.querySelectorAll('[data-testid^="field-"]')).toHaveLength(20));
    act(() => fireEvent.change(inputOf('F1_2'), { target: { value: 'kept' } }));
    const edited = structuredClone(layout);
    const fields = edited.Pages[0].Containers[0].Fields;
    fields.splice(0, 1, { Name: 'Added', DisplayValue: 'Added field', Type: 'String' });
    renders.clear();

    view.rerender(
      <ThemeProvider theme={testTheme}>
        <Preview layout={edited} onStore={(current) => (store = current)} />
      </ThemeProvider>,
    );

    expect(document.querySelector('[data-testid="field-F1_0"]')).toBeNull();
    expect(document.querySelector('[data-testid="field-Added"]')?.textContent).toContain('Added field');
    expect(Object.fromEntries(renders)).toEqual({ Added: 1 });
    expect(inputOf('F1_2').value).toBe('kept');
    expect(store?.changedValues()).toEqual({ Values: { F1_2: 'kept' } });
  });
});
