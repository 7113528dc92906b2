import { useEffect, useRef, useState } from 'react';
import { applyBindings, readAllRows, type RecordPageModel, type ScreenContext, type ScreenDefinition } from '../../engine/grids';
import { errorText, isCanceled, type GridServiceCaller } from './grid-service';

type Values = Record<string, unknown>;

/** An answer of one call: loading, the value, or the refusal's text. */
export type Answer<T> = { state: 'loading' } | { state: 'done'; value: T } | { state: 'failed'; message: string };

const LOADING = { state: 'loading' } as const;

/**
 * One call's answer; with `every` (seconds) read again that often while the page is in view, and again whenever
 * `round` changes (a button read the page again, a call changed it), the last answer shown meanwhile.
 */
function useCall<T>(callService: GridServiceCaller, service: string, method: string, body: Values | undefined, read: (answer: unknown) => T, fallback: string, every?: number, round = 0): Answer<T> | undefined {
  const [answer, setAnswer] = useState<Answer<T> | undefined>(body ? LOADING : undefined);
  const key = body ? JSON.stringify([service, method, body]) : '';
  const calledKey = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!body) {
      setAnswer(undefined);
      return;
    }
    const controller = new AbortController();
    if (calledKey.current !== key) setAnswer(LOADING);
    calledKey.current = key;
    const call = () =>
      callService(service, method, body, { signal: controller.signal })
        .then(read)
        .then(
          (value) => !controller.signal.aborted && setAnswer({ state: 'done', value }),
          (failure: unknown) => !isCanceled(failure) && !controller.signal.aborted && setAnswer({ state: 'failed', message: errorText(failure, fallback) }),
        );
    void call();
    const timer = every ? setInterval(() => document.visibilityState !== 'hidden' && void call(), every * 1000) : undefined;
    return () => {
      controller.abort();
      clearInterval(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the body's content (key), not the object
  }, [key, callService, every, round]);
  return answer;
}

const asValues = (answer: unknown): Values => (typeof answer === 'object' && answer !== null && !Array.isArray(answer) ? (answer as Values) : {});

export interface RecordPageData {
  record: Answer<Values> | undefined;
  /** Each called source's answer by its `as`. */
  sources: Readonly<Record<string, Answer<Values>>>;
  rows: Answer<Values[]> | undefined;
}

/**
 * Loads a record page: the record, each source the model calls (at most a
 * few, fixed per definition, so one hook per source slot), and the
 * definition's rows when the user sees them.
 */
export function useRecordPage(definition: ScreenDefinition, model: RecordPageModel, context: ScreenContext, callService: GridServiceCaller, fallback: string, round = 0): RecordPageData {
  const { load } = model.page;
  const record = useCall(callService, load.service, load.method, model.loadBody, asValues, fallback, load.every, round);
  const source = definition.dataSource;
  const rowsBody = model.showRows ? applyBindings({}, source.params, context) : undefined;
  const rows = useCall(callService, source.service, source.method, rowsBody, (answer) => readAllRows(source, answer), fallback);
  const [first, second, third] = model.sources;
  const answers = [
    useCall(callService, first?.source.service ?? '', first?.source.method ?? '', first?.body, asValues, fallback, undefined, round),
    useCall(callService, second?.source.service ?? '', second?.source.method ?? '', second?.body, asValues, fallback, undefined, round),
    useCall(callService, third?.source.service ?? '', third?.source.method ?? '', third?.body, asValues, fallback, undefined, round),
  ];
  const sources: Record<string, Answer<Values>> = {};
  model.sources.slice(0, MAX_SOURCES).forEach((entry, index) => {
    const answer = answers[index];
    if (answer) sources[entry.source.as] = answer;
  });
  return { record, sources, rows };
}

/** Sources a record page calls at most (the schema allows no more). */
export const MAX_SOURCES = 3;
