import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { everyKindLayout, everyKindViews } from './fixtures/every-kind-layout';
import { testTesters } from './fixtures/testers';
import { layoutToFormModel, type EnumOption, type FormFieldModel } from './form-model';
import { createFormStore, type FormServices } from './form-store';
import type { SavedValue } from './values';

const capabilities = [{ ObjectType: 'COMPANY_ACCOUNT', Read: true, Execute: true }];
const model = () => layoutToFormModel(everyKindLayout, { mode: 'edit', views: everyKindViews, capabilities, testers: testTesters });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A promise the test settles by hand, to order answers as it likes. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('form store: values, conditions and dirty tracking', () => {
  it('notifies only the field that changed and the fields depending on it', () => {
    const store = createFormStore(model());
    const calls: string[] = [];
    for (const name of ['DisplayName', 'Email', 'PoNumber', 'Size']) store.subscribeField(name, () => calls.push(name));
    store.setValue('DisplayName', 'Contoso Ltd');
    expect(calls).toEqual(['DisplayName']);
    calls.length = 0;
    store.setValue('Size', 'L');
    expect(calls.sort()).toEqual(['PoNumber', 'Size']);
  });

  it('evaluates visibility, read-only and required conditions from other fields', () => {
    const store = createFormStore(model());
    expect(store.getField('PoNumber').readOnly).toBe(true);
    store.setValue('PoNumber', 'ignored while read-only');
    expect(store.getField('PoNumber').value).toBe('');
    store.setValue('Size', 'L');
    expect(store.getField('PoNumber').readOnly).toBe(false);

    expect(store.getField('VatNumber').required).toBe(true); // Country is Germany
    store.setValue('Country', 'United Kingdom');
    expect(store.getField('VatNumber').required).toBe(false);
    store.setValue('Country', null);
    expect(store.getField('Region').visible).toBe(false);
  });

  it('shows local errors once a field was touched, and counts them', () => {
    const store = createFormStore(model());
    store.setValue('Email', 'not-an-email');
    expect(store.getField('Email').error).toBeNull();
    store.touch('Email');
    expect(store.getField('Email').error).toEqual({ key: 'forms.validation.email' });
    expect(store.getStatus().errorCount).toBe(1);
  });

  it('is dirty while a value differs from the start, and saves the changed fields only', () => {
    const store = createFormStore(model());
    const dirty: boolean[] = [];
    store.subscribeStatus(() => dirty.push(store.getStatus().dirty));
    store.setValue('Seats', '15');
    store.setValue('DisplayName', 'Contoso');
    expect(store.changedValues()).toEqual({ Values: { Seats: 15 } });
    store.setValue('Seats', '12');
    expect(store.getStatus().dirty).toBe(false);
    expect(dirty).toEqual([true, false]);
  });

  it('saves, then starts over from the saved values; reset discards', async () => {
    const store = createFormStore(model());
    store.setValue('Budget', '2000');
    const save = vi.fn(async () => undefined);
    await expect(store.submit(save)).resolves.toEqual({ ok: true });
    expect(save).toHaveBeenCalledWith({ Values: { Budget: 2000 } });
    expect(store.getStatus().dirty).toBe(false);
    store.setValue('Budget', '3000');
    store.reset();
    expect(store.getField('Budget').value).toBe('2000');
  });

  it('refuses to submit with errors and names the first invalid field (also on other pages)', async () => {
    const store = createFormStore(model());
    store.setValue('Tags', []);
    const save = vi.fn(async () => undefined);
    const result = await store.submit(save);
    expect(result).toEqual({ ok: false, firstInvalidField: 'Tags' });
    expect(save).not.toHaveBeenCalled();
    expect(store.getStatus().pageErrorCounts).toEqual([0, 1]);
    expect(store.getField('Tags').error).toEqual({ key: 'forms.validation.atLeastOne' });
  });
});

describe('form store: remote validation', () => {
  function remoteStore(answer: (value: SavedValue, signal: AbortSignal) => Promise<{ valid: boolean; message: string | null }>) {
    const validateRemote = vi.fn((_field: FormFieldModel, value: SavedValue, signal: AbortSignal) => answer(value, signal));
    const store = createFormStore(model(), { services: { validateRemote }, remoteDebounceMs: 300 });
    return { store, validateRemote };
  }

  it('debounces, shows pending, then the server message; the stored value is never checked', async () => {
    const { store, validateRemote } = remoteStore(async () => ({ valid: false, message: 'Already used by another account.' }));
    store.setValue('VatNumber', 'DE1');
    store.setValue('VatNumber', 'DE12');
    expect(store.getField('VatNumber').pending).toBe(true);
    expect(store.getStatus().pending).toBe(true);
    await vi.advanceTimersByTimeAsync(299);
    expect(validateRemote).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(validateRemote).toHaveBeenCalledTimes(1);
    expect(validateRemote.mock.calls[0][1]).toBe('DE12');
    expect(store.getField('VatNumber').error).toEqual({ text: 'Already used by another account.' });
    expect(store.getField('VatNumber').pending).toBe(false);

    store.setValue('VatNumber', 'DE123456789'); // back to the account's own value
    await vi.advanceTimersByTimeAsync(1000);
    expect(validateRemote).toHaveBeenCalledTimes(1);
    expect(store.getField('VatNumber').error).toBeNull();
  });

  it('aborts a stale check and keeps only the latest answer', async () => {
    const answers: ReturnType<typeof deferred<{ valid: boolean; message: string | null }>>[] = [];
    const signals: AbortSignal[] = [];
    const { store } = remoteStore((_value, signal) => {
      signals.push(signal);
      const next = deferred<{ valid: boolean; message: string | null }>();
      answers.push(next);
      return next.promise;
    });
    store.setValue('VatNumber', 'DE111');
    await vi.advanceTimersByTimeAsync(300);
    store.setValue('VatNumber', 'DE222');
    expect(signals[0].aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(300);
    answers[1].resolve({ valid: true, message: null });
    answers[0].resolve({ valid: false, message: 'stale' });
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getField('VatNumber').error).toBeNull();
  });

  it('blocks submit until the pending check resolves, then refuses on its error', async () => {
    const answer = deferred<{ valid: boolean; message: string | null }>();
    const { store } = remoteStore(() => answer.promise);
    store.setValue('VatNumber', 'DE999');
    const save = vi.fn(async () => undefined);
    const submitting = store.submit(save);
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getStatus().submitting).toBe(true);
    expect(save).not.toHaveBeenCalled();
    answer.resolve({ valid: false, message: 'Taken' });
    await expect(submitting).resolves.toEqual({ ok: false, firstInvalidField: 'VatNumber' });
    expect(save).not.toHaveBeenCalled();
  });

  it('shows a failed check as an error rather than passing it', async () => {
    const { store } = remoteStore(async () => {
      throw new Error('network');
    });
    store.setValue('VatNumber', 'DE999');
    await vi.advanceTimersByTimeAsync(300);
    expect(store.getField('VatNumber').error).toEqual({ key: 'forms.validation.checkFailed' });
  });
});

describe('form store: remote enums', () => {
  it('loads dependent options, clears the stale child on a parent change, and drops superseded answers', async () => {
    const pending = new Map<string, ReturnType<typeof deferred<EnumOption[]>>>();
    const loadOptions = vi.fn((field: FormFieldModel, depends: Record<string, SavedValue>) => {
      const next = deferred<EnumOption[]>();
      pending.set(`${field.name}:${String(depends.Country ?? '')}`, next);
      return next.promise;
    });
    const services: FormServices = { loadOptions };
    const store = createFormStore(model(), { services });
    store.ensureOptions('Region');
    expect(store.getField('Region').optionsLoading).toBe(true);
    expect(loadOptions.mock.calls[0][1]).toEqual({ Country: 'Germany' });

    store.setValue('Country', 'France');
    expect(store.getField('Region').value).toBeNull(); // cleared at once
    expect(store.changedValues()).toEqual({ Values: { Country: 'France', Region: null } });
    pending.get('Region:France')!.resolve([{ value: 'Bretagne', label: 'Bretagne' }]);
    pending.get('Region:Germany')!.resolve([{ value: 'Bayern', label: 'Bayern' }]); // late answer for the old parent
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getField('Region').options).toEqual([{ value: 'Bretagne', label: 'Bretagne' }]);
    expect(store.getField('Region').optionsLoading).toBe(false);
  });

  it('offers nothing and asks nobody while a parent is empty; keeps static options', () => {
    const loadOptions = vi.fn(async () => [] as EnumOption[]);
    const store = createFormStore(model(), { services: { loadOptions } });
    store.setValue('Country', null);
    store.ensureOptions('Region');
    expect(loadOptions).not.toHaveBeenCalled();
    expect(store.getField('Region').options).toEqual([]);
    expect(store.getField('Size').options?.map((option) => option.value)).toEqual(['S', 'L']);
  });
});

describe('form store: MFA-gated fields', () => {
  it('stays read-only until unlocked, and locks again when the proof expires', async () => {
    let now = 1_000_000;
    const store = createFormStore(model(), { now: () => now });
    expect(store.getField('Iban')).toMatchObject({ locked: true, readOnly: true });
    store.setValue('Iban', 'DE89370400440532013000');
    expect(store.getField('Iban').value).toBe('');
    store.unlockMfa(now + 300_000);
    expect(store.getField('Iban')).toMatchObject({ locked: false, readOnly: false });
    store.setValue('Iban', 'DE89370400440532013000');
    expect(store.changedValues()).toEqual({ Values: { Iban: 'DE89370400440532013000' } });
    now += 300_001;
    await vi.advanceTimersByTimeAsync(300_001);
    expect(store.getField('Iban').locked).toBe(true);
  });
});
