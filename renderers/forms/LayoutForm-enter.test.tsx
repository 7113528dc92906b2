// @vitest-environment jsdom
/**
 * Issue 24: Enter in a field of a form with pages does not submit it (the submit would show the page of the first
 * invalid field, another tab). jsdom does not submit on Enter itself: what a browser does is told by whether the
 * key's default action was prevented (fireEvent answers false then).
 */
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { everyKindLayout, everyKindViews } from '../../engine/forms/fixtures/every-kind-layout';
import { initFormTexts, layoutOf, renderLayoutForm } from './test-support';

beforeAll(initFormTexts);
afterEach(cleanup);

const inForm = (form: React.ReactNode) => <form onSubmit={(event) => event.preventDefault()}>{form}</form>;

describe('Enter in a field of <LayoutForm>', () => {
  it('with pages: does not submit the form, the page stays', () => {
    renderLayoutForm(everyKindLayout, { views: everyKindViews, wrap: inForm });
    const name = screen.getByLabelText(/^Name/);
    expect(fireEvent.keyDown(name, { key: 'Enter' })).toBe(false);
    expect(screen.getByRole('tab', { selected: true }).textContent).toContain('General');
  });

  it('with pages: Ctrl+Enter and other keys still reach the browser (Ctrl+Enter submits)', () => {
    renderLayoutForm(everyKindLayout, { views: everyKindViews, wrap: inForm });
    const name = screen.getByLabelText(/^Name/);
    expect(fireEvent.keyDown(name, { key: 'Enter', ctrlKey: true })).toBe(true);
    expect(fireEvent.keyDown(name, { key: 'a' })).toBe(true);
  });

  it('on one page: Enter submits as in any form', () => {
    renderLayoutForm(layoutOf([{ Name: 'DisplayName', DisplayValue: 'Name' }]), { wrap: inForm });
    expect(fireEvent.keyDown(screen.getByLabelText(/^Name/), { key: 'Enter' })).toBe(true);
  });
});
