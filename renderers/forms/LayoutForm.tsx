import { memo, startTransition, useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormContainerModel, FormStore } from '../../engine/forms';
import { defaultRendererRegistry } from './default-registry';
import { inputIdOf } from './field-props';
import { FieldSlot } from './FieldSlot';
import { LayoutFormContext, type MfaServices } from './form-context';
import type { RendererRegistry } from './registry';
import type { LayoutFormHandle } from './use-layout-form';
import { useFormModel, useFormStatus } from './use-form-state';
import './layout-form.css';
import { useDirtyReport } from './use-dirty-report';
import { usePatternEngine } from './use-pattern-engine';
import { pageFormatting } from '../../contract/formatting';

export interface LayoutFormProps {
  form: LayoutFormHandle;
  registry?: RendererRegistry;
  mfa?: MfaServices;
  /** Called when the form becomes dirty or clean again (for an unsaved-changes guard). */
  onDirtyChange?: (dirty: boolean) => void;
  /** Start page (index); the form then keeps its own. */
  initialPage?: number;
}

/**
 * Fields of a page drawn in its first commit: more than the tallest screen shows
 * at once. The rest follow at once in a transition, which typing interrupts, so
 * a long page is usable before all of it is drawn.
 */
export const FIRST_COMMIT_FIELDS = 30;

/** How many fields each container may draw, in page order, for a budget; undefined: not drawn yet. */
export function fieldLimits(containers: readonly Pick<FormContainerModel, 'fields'>[], budget: number): (number | undefined)[] {
  let left = budget;
  return containers.map((container) => {
    if (left <= 0) return undefined;
    const limit = Math.min(left, container.fields.length);
    left -= limit;
    return limit;
  });
}

export const Section = memo(function Section({ store, container, index, limit }: { store: FormStore; container: FormContainerModel; index: number; limit: number }) {
  const headingId = `section-${index}-${container.name}`;
  return (
    <section className="lf-section" aria-labelledby={container.title ? headingId : undefined}>
      {container.title && (
        <h3 id={headingId} className="lf-section-title">
          {container.title}
        </h3>
      )}
      <div className="lf-grid">
        {container.fields.slice(0, limit).map((name) => (
          <FieldSlot key={name} store={store} name={name} />
        ))}
      </div>
    </section>
  );
});

/**
 * The pages as tabs (WAI-ARIA tabs: arrows move between them). Plain buttons,
 * no measuring of the page; re-renders only when a page's error count changes.
 */
function PageTabs({ form, page, onChange }: { form: LayoutFormHandle; page: number; onChange(page: number): void }) {
  const { t } = useTranslation();
  const { pageErrorCounts } = useFormStatus(form.store);
  const pages = form.model.pages;
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    const target = event.key === 'Home' ? 0 : event.key === 'End' ? pages.length - 1 : (page + step + pages.length) % pages.length;
    if (!step && event.key !== 'Home' && event.key !== 'End') return;
    event.preventDefault();
    onChange(target);
    document.getElementById(`lf-tab-${target}`)?.focus();
  };
  return (
    <div role="tablist" className="lf-tabs" onKeyDown={move}>
      {pages.map((candidate, index) => (
        <button
          key={String(candidate.id)}
          id={`lf-tab-${index}`}
          type="button"
          role="tab"
          className="lf-tab"
          aria-selected={index === page}
          aria-controls="lf-tabpanel"
          tabIndex={index === page ? 0 : -1}
          data-testid={`form-page-${candidate.name}`}
          onClick={() => onChange(index)}
        >
          {candidate.title}
          {pageErrorCounts[index] > 0 && (
            <span className="lf-tab-badge" aria-label={t('forms.pageErrors', { count: pageErrorCounts[index] })}>
              {pageErrorCounts[index]}
            </span>
          )}
        </button>
      ))}
    </div>
  );
}

/**
 * Enter in a field of a form with pages does not submit it: the submit checks every page and would show another
 * page, the one of the first invalid field, while the user was typing on this one (issue 24). The save button
 * saves, and so does Ctrl+Enter (a modifier lets the browser submit). Only the page's own inputs: a dialog a
 * field opens (a portal, outside the page in the document) keeps Enter for its own form.
 */
function keepEnterOnPage(event: KeyboardEvent<HTMLDivElement>) {
  const target = event.target;
  if (event.key !== 'Enter' || event.ctrlKey || event.metaKey || event.altKey || event.shiftKey) return;
  if (!(target instanceof HTMLInputElement) || !target.form || !event.currentTarget.contains(target)) return;
  event.preventDefault();
}

/**
 * A form generated from a view layout: pages as tabs, containers as sections,
 * only the active page in the DOM. Each field subscribes to its own state, so
 * typing re-renders that field alone; a new model of the form (an edited
 * layout) redraws the sections and fields whose part of the model changed.
 */
export function LayoutForm({ form, registry = defaultRendererRegistry, mfa, onDirtyChange, initialPage = 0 }: LayoutFormProps) {
  const [page, setPage] = useState(Math.min(initialPage, Math.max(0, form.model.pages.length - 1)));
  // The page whose every field is drawn; any other page starts with FIRST_COMMIT_FIELDS.
  const [wholePage, setWholePage] = useState<number>();
  const { t, i18n } = useTranslation();
  const locale = pageFormatting(i18n.resolvedLanguage ?? i18n.language).locale;
  const context = useMemo(() => ({ registry, mfa, t, locale }), [registry, mfa, t, locale]);
  const { store } = form;
  const model = useFormModel(store);
  usePatternEngine(model);

  useEffect(
    () =>
      form.onFocusRequest((name) => {
        const field = model.fields[name];
        if (!field) return;
        setPage(field.page);
        setWholePage(field.page);
        // After the page rendered: focus the input (or the field's box when it has none).
        requestAnimationFrame(() => {
          const target = document.getElementById(inputIdOf(name)) ?? document.querySelector<HTMLElement>(`[data-testid="field-${name}"]`);
          target?.focus();
          target?.scrollIntoView?.({ block: 'center' });
        });
      }),
    [form, model],
  );

  useDirtyReport(store, onDirtyChange);

  // The rest of the page once the first part is on screen: after the next frame, not before it.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setWholePage(page)));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [page]);

  const current = model.pages[page];
  const limits = current ? fieldLimits(current.containers, wholePage === page ? Infinity : FIRST_COMMIT_FIELDS) : [];
  return (
    <LayoutFormContext.Provider value={context}>
      <div data-testid="layout-form" data-unsaved-changes-exclude>
        {model.pages.length > 1 && <PageTabs form={form} page={page} onChange={setPage} />}
        {current && (
          <div
            id="lf-tabpanel"
            className="lf-page"
            role={model.pages.length > 1 ? 'tabpanel' : undefined}
            aria-labelledby={model.pages.length > 1 ? `lf-tab-${page}` : undefined}
            data-testid={`form-panel-${current.name}`}
            onKeyDown={model.pages.length > 1 ? keepEnterOnPage : undefined}
          >
            {current.containers.map(
              (container, index) =>
                limits[index] !== undefined && (
                  <Section key={`${current.name}-${container.name}`} store={store} container={container} index={index} limit={limits[index]} />
                ),
            )}
          </div>
        )}
      </div>
    </LayoutFormContext.Provider>
  );
}
