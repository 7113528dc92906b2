/**
 * A record created from a form layout (`layoutCreate`, screen-definitions/README.md "Layout creates"): which kind
 * the context names, which parent, whether a variant is still to be chosen, the context the calls bind, and the
 * notices above the form read from their answers. Pure: the renderer calls the services.
 */
import type { ScreenContext } from './bindings';
import type { LayoutCreateDefinition, LayoutNoticeDefinition, TextRef } from './definition-schema';

type Row = Record<string, unknown>;

/** Reads a dotted path (`Views.Values.DisplayName`); undefined when a step is missing. */
export function readPath(value: unknown, path: string): unknown {
  let node = value;
  for (const part of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Row)[part];
  }
  return node;
}

const isWholeId = (value: unknown) => /^[1-9]\d{0,15}$/.test(String(value ?? '')) && Number.isSafeInteger(Number(value));

export type LayoutCreateState =
  | { state: 'notFound' }
  | {
      state: 'found';
      /** The kind's value (an account type) and its label. */
      kind: string;
      kindLabel: string;
      parentId: number | undefined;
      /** The variant's value, when the kind has one. */
      variant: string | undefined;
      /** The kind has a variant not chosen yet: the chooser shows, not the form. */
      choosing: boolean;
      /** The context every call binds: the given one with the kind (`kind.as`) and the parent (`parent.as`). */
      context: ScreenContext;
    };

/**
 * What the context names among the data source's rows (the kinds): not found for an unknown kind, one not allowed,
 * or a required parent value that is no whole number.
 */
export function layoutCreateState(part: LayoutCreateDefinition, rows: readonly Row[], context: ScreenContext): LayoutCreateState {
  const named = context[part.kind.context];
  const row = rows.find((entry) => named !== undefined && String(entry[part.kind.match]) === String(named));
  if (!row || (part.kind.allowed && row[part.kind.allowed] !== true)) return { state: 'notFound' };
  const required = part.parent.required ? context[part.parent.required] : undefined;
  if (required !== undefined && required !== '' && !isWholeId(required)) return { state: 'notFound' };
  const given = part.parent.contexts.map((name) => context[name]).find((value) => value !== undefined && value !== '');
  if (given !== undefined && !isWholeId(given)) return { state: 'notFound' };
  const parentId = given === undefined ? undefined : Number(given);
  const kind = String(row[part.kind.value]);
  const hasVariant = Boolean(part.variant?.kinds.includes(kind));
  const variantValue = hasVariant && part.variant ? context[part.variant.context] : undefined;
  const variant = variantValue === undefined || variantValue === '' ? undefined : String(variantValue);
  return {
    state: 'found',
    kind,
    kindLabel: String(row[part.kind.label] ?? kind),
    parentId,
    variant,
    choosing: hasVariant && variant === undefined,
    context: {
      ...context,
      [part.kind.as]: kind,
      ...(parentId !== undefined ? { [part.parent.as]: parentId } : {}),
      ...(part.variant && !hasVariant ? { [part.variant.context]: undefined } : {}),
    },
  };
}

/** The form's first values: the variant in its field (`variant.prefill`, view.field). */
export function layoutCreateViews(part: LayoutCreateDefinition, variant: string | undefined): Record<string, Row> | undefined {
  if (!part.variant || variant === undefined) return undefined;
  const [view, ...field] = part.variant.prefill.split('.');
  if (!field.length) return undefined;
  return { [view]: { [field.join('.')]: variant } };
}

/** The title: `{prefix}.{kind}` when the locales have it, else the fallback with the kind's label; the variant after it. */
export function layoutCreateTitle(part: LayoutCreateDefinition, state: { kind: string; kindLabel: string; variant?: string }, text: (ref: TextRef, values?: Record<string, string | number>) => string, has: (key: string) => boolean): string {
  const key = `${part.title.prefix}.${state.kind}`;
  const title = has(key) ? text(key) : text(part.title.fallback, { type: state.kindLabel });
  return state.variant ? `${title}: ${state.variant}` : title;
}

/** The route a created record opens: `{Field}` from its answer (a missing value: no route). */
export function createdRoute(part: LayoutCreateDefinition, created: unknown): string | undefined {
  let missing = false;
  const route = part.create.open.replace(/\{([A-Za-z0-9_.]+)\}/g, (_match, path: string) => {
    const value = readPath(created, path);
    if (value === undefined || value === null || value === '') missing = true;
    return encodeURIComponent(String(value ?? ''));
  });
  return missing ? undefined : route;
}

// ---------------------------------------------------------------- notices

/** What a notice's paths read: the source's answer, the picked row, the context. */
export interface NoticeScope {
  answer: unknown;
  row?: unknown;
  context: ScreenContext;
}

const scopeValue = (scope: NoticeScope, path: string): unknown => {
  const [root, ...rest] = path.split('.');
  const base = root === 'answer' ? scope.answer : root === 'row' ? scope.row : scope.context;
  return readPath(base, rest.join('.'));
};

/** How a notice's values are written: money in a currency, a value of a kind, a text. */
export interface NoticeFormat {
  text: (ref: TextRef, values?: Record<string, string | number>) => string;
  money: (amount: number, currency: string) => string;
  kindLabel: (kind: string, value: string) => string;
}

export type NoticeShown =
  | { shown: false }
  | { shown: true; tone: 'info' | 'warning'; icon: boolean; lines: { id?: string; style: 'title' | 'figure' | 'body' | 'caption'; text: string }[] };

const holds = (notice: LayoutNoticeDefinition, scope: NoticeScope) =>
  (notice.when ?? []).every((condition) => {
    const value = scopeValue(scope, condition.path);
    if (condition.present !== undefined && (value !== undefined && value !== null) !== condition.present) return false;
    if (condition.atLeast !== undefined) {
      const bound = scopeValue(scope, condition.atLeast);
      if (typeof value !== 'number' || typeof bound !== 'number' || value < bound) return false;
    }
    return true;
  });

/** A notice as its answer makes it: not shown, the `missing` warning (no row picked) or its lines. */
export function noticeShown(notice: LayoutNoticeDefinition, answer: unknown, context: ScreenContext, format: NoticeFormat): NoticeShown {
  let row: unknown;
  if (notice.pick) {
    const { rows, field, equals } = notice.pick;
    const list = readPath(answer, rows);
    const wanted = context[equals];
    if (wanted === undefined || wanted === '') return { shown: false };
    row = Array.isArray(list) ? list.find((entry: Row) => wanted !== undefined && String(entry?.[field]) === String(wanted)) : undefined;
    if (row === undefined) return notice.missing ? { shown: true, tone: 'warning', icon: true, lines: [{ style: 'body', text: format.text(notice.missing) }] } : { shown: false };
  }
  const scope: NoticeScope = { answer, row, context };
  if (!holds(notice, scope)) return { shown: false };
  const lines = notice.lines.map((line) => ({
    ...(line.id ? { id: line.id } : {}),
    style: line.style,
    text: line.parts
      .map((part) => {
        if ('valueKind' in part) {
          const value = scopeValue(scope, part.path);
          return value === undefined || value === null || value === '' ? '' : format.kindLabel(part.valueKind, String(value));
        }
        const values = Object.fromEntries(
          Object.entries(part.values ?? {}).map(([name, spec]) => {
            const value = scopeValue(scope, spec.path);
            if (spec.currencyPath) return [name, typeof value === 'number' ? format.money(value, String(scopeValue(scope, spec.currencyPath) ?? '')) : ''];
            return [name, typeof value === 'number' ? value : String(value ?? '')];
          }),
        );
        const chosen = part.by !== undefined ? part.texts?.[String(scopeValue(scope, part.by) ?? null)] : undefined;
        return format.text(chosen ?? part.text, part.values ? values : undefined);
      })
      .filter((text) => text !== '')
      .join(' · '),
  }));
  return { shown: true, tone: notice.tone, icon: notice.icon !== false, lines };
}
