import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A number to put in a defined grid's context: changing it makes the grid load
 * its rows again (DefinedGrid has no refresh handle for the screen around it).
 */
export function useRefreshTick() {
  const [tick, setTick] = useState(0);
  const refresh = useCallback(() => setTick((value) => value + 1), []);
  return { tick, refresh };
}

/** Calls `onChange` when `value` changes after it first had a non-empty value (not on the first load). */
export function useOnChange(value: string, onChange: () => void) {
  const previous = useRef(value);
  const callback = useRef(onChange);
  useEffect(() => {
    callback.current = onChange;
  });
  useEffect(() => {
    if (previous.current && value !== previous.current) callback.current();
    previous.current = value;
  }, [value]);
}
