import { useEffect, useState } from 'react';

/**
 * `value` once it has stopped changing for `ms`: what a search box or a quote asks the server
 * for, a moment after the typing stops rather than at every key.
 */
export function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
