// @vitest-environment jsdom
/**
 * Render budget (as RJSF's Form.renderCost.test.tsx): in a 1000-field layout
 * (10 pages × 100 fields) one keystroke is one React commit, and only the
 * field typed into renders — counted per field by wrapping the registry's
 * renderers, not timed (a stopwatch failed whenever the machine was busy; the
 * keystroke-to-paint time is a figure of `npm run bench -- forms`).
 */
import { ThemeProvider } from '@mui/material/styles';
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { Profiler, type ComponentType, type ProfilerOnRenderCallback } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { largeLayout, largeLayoutViews } from '../../engine/forms/fixtures/large-layout';
import { layoutToFormModel } from '../../engine/forms';
import { defaultRendererRegistry } from './default-registry';
import { inputIdOf, type FieldRendererProps } from './field-props';
import { FIRST_COMMIT_FIELDS, LayoutForm } from './LayoutForm';
import { createRendererRegistry } from './registry';
import { initFormTexts, editor, testTheme } from './test-support';
import { createLayoutForm } from './use-layout-form';

beforeAll(initFormTexts);
afterEach(cleanup);

/** Field name → how many times its renderer ran, through a registry whose renderers count. */
const rendered = new Map<string, number>();
const counting = (Component: ComponentType<FieldRendererProps>) =>
  function Counted(props: FieldRendererProps) {
    rendered.set(props.field.name, (rendered.get(props.field.name) ?? 0) + 1);
    return <Component {...props} />;
  };
const countingRegistry = createRendererRegistry(defaultRendererRegistry.entries.map((entry) => ({ ...entry, component: counting(entry.component) })));

/** The form, once its whole first page is drawn (it comes in two commits: see FIRST_COMMIT_FIELDS). */
async function renderLargeForm() {
  rendered.clear();
  const layout = largeLayout(10, 100);
  const model = layoutToFormModel(layout, { mode: 'edit', views: largeLayoutViews(layout), capabilities: editor, testers: defaultRendererRegistry.testers });
  const form = createLayoutForm(model);
  const commits: number[] = [];
  const onRender: ProfilerOnRenderCallback = (_id, _phase, actualDuration) => commits.push(actualDuration);
  render(
    <ThemeProvider theme={testTheme}>
      <Profiler id="form" onRender={onRender}>
        <LayoutForm form={form} registry={countingRegistry} />
      </Profiler>
    </ThemeProvider>,
  );
  await waitFor(() => expect(document.querySelectorAll('[data-testid^="field-"]')).toHaveLength(100));
  return { model, form, commits };
}

function inputOf(name: string): HTMLInputElement {
  const input = document.getElementById(inputIdOf(name));
  if (!(input instanceof HTMLInputElement)) throw new Error(`no input for ${name}`);
  return input;
}

function typeInto(input: HTMLElement, text: string, commits: number[]): number[] {
  const perKeystroke: number[] = [];
  let value = (input as HTMLInputElement).value;
  for (const character of text) {
    value += character;
    const before = commits.length;
    act(() => {
      fireEvent.change(input, { target: { value } });
    });
    perKeystroke.push(commits.length - before);
  }
  return perKeystroke;
}

describe('render cost of a 1000-field layout', { timeout: 120_000 }, () => {
  it('renders the first of its 10 pages only: the fields in view first, then the rest of the page', async () => {
    const drawn = renderLargeForm();
    expect(document.querySelectorAll('[data-testid^="field-"]')).toHaveLength(FIRST_COMMIT_FIELDS);
    const { model } = await drawn;
    expect(model.fieldOrder).toHaveLength(1000);
  });

  it('commits once per keystroke, in a filled text field and in an empty one', async () => {
    const { form, commits } = await renderLargeForm();
    const filled = inputOf('F1_1'); // (label queries over 100 fields are slow in jsdom)
    expect(typeInto(filled, ' updated', commits)).toEqual([1, 1, 1, 1, 1, 1, 1, 1]);
    const empty = inputOf('F1_5');
    expect((empty as HTMLInputElement).value).toBe('');
    expect(typeInto(empty, 'a@b.example', commits)).toEqual(Array(11).fill(1));
    expect(form.store.changedValues()).toEqual({ Values: { F1_1: 'Value of F1_1 updated', F1_5: 'a@b.example' } });
  });

  it('a keystroke renders the one field, not the page', async () => {
    const { commits } = await renderLargeForm();
    // The first page's 100 fields were drawn; from here only what typing draws counts.
    expect(rendered.size).toBe(100);
    rendered.clear();
    typeInto(inputOf('F1_1'), 'abcdefghij', commits);
    expect([...rendered.keys()]).toEqual(['F1_1']);
    expect(rendered.get('F1_1')).toBe(10);
  });
});
