// @vitest-environment jsdom
/**
 * RE2 comes with the first form that has a pattern, not before (contract/linear-pattern.ts): the form waits for
 * it, then checks its pattern as the server does. This file's modules are its own, so RE2 starts unloaded here.
 */
import { ThemeProvider } from '@mui/material/styles';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { Suspense } from 'react';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import { patternEngineReady } from '../../contract/linear-pattern';
import { layoutToFormModel } from '../../engine/forms';
import { defaultRendererRegistry } from './default-registry';
import { LayoutForm } from './LayoutForm';
import { editor, layoutOf, testTheme } from './test-support';
import { createLayoutForm } from './use-layout-form';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } }, interpolation: { escapeValue: false }, react: { useSuspense: false } });
});
afterEach(cleanup);

function draw(fields: Parameters<typeof layoutOf>[0], mode: 'view' | 'edit' = 'edit') {
  const model = layoutToFormModel(layoutOf(fields), { mode, capabilities: editor, testers: defaultRendererRegistry.testers });
  const form = createLayoutForm(model, { remoteDebounceMs: 0 });
  render(
    <ThemeProvider theme={testTheme}>
      <Suspense fallback={<p>waiting for the form</p>}>
        <LayoutForm form={form} />
      </Suspense>
    </ThemeProvider>,
  );
}

describe('the pattern engine of a drawn form', () => {
  it('is not loaded by a form without a pattern', async () => {
    draw([{ Name: 'DisplayName', DisplayValue: 'Name' }]);
    expect((await screen.findByLabelText('Name')).tagName).toBe('INPUT');
    expect(patternEngineReady()).toBe(false);
  });

  it('is not loaded by a form that shows a patterned field read-only', async () => {
    draw([{ Name: 'Code', DisplayValue: 'Code', Pattern: '[A-Z]{2}[0-9]{3}' }], 'view');
    expect((await screen.findByTestId('field-Code')).textContent).toContain('Code');
    expect(patternEngineReady()).toBe(false);
  });

  it('is loaded before a form with a pattern is drawn, which then refuses a value the pattern does not match', async () => {
    await act(async () => draw([{ Name: 'Code', DisplayValue: 'Code', Pattern: '[A-Z]{2}[0-9]{3}' }]));
    const input = await screen.findByLabelText('Code');
    expect(patternEngineReady()).toBe(true);
    fireEvent.change(input, { target: { value: 'ab12' } });
    fireEvent.blur(input);
    expect((await screen.findByText('The format is invalid.')).textContent).toBe('The format is invalid.');
    fireEvent.change(input, { target: { value: 'AB123' } });
    expect(screen.queryByText('The format is invalid.')).toBeNull();
  });
});
