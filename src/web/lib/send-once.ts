import { useMutation, useMutationState } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { queryClient } from './query-client.ts';

/**
 * A write a page makes by itself as it shows (a confirmation link's code, spent on arrival),
 * as a mutation sent once per `variables`: the mutation is kept by a key made of them, and
 * while the tab keeps it (5 minutes after the page goes, as the query this replaced was
 * kept) it is not sent again — not when React runs the effect twice (StrictMode), not when
 * the page comes back; its answer is shown instead. Nothing is sent while `variables` is
 * null or undefined (before hydration, a link without its code). Gives the answer, or
 * undefined until it came.
 */
export function useSendOnce<V, R>(name: string, variables: V | null | undefined, send: (variables: V) => Promise<R>): R | undefined {
  const text = JSON.stringify(variables ?? null);
  const mutationKey = useMemo(() => [name, JSON.parse(text) as unknown], [name, text]);
  const { mutate } = useMutation({ mutationKey, mutationFn: send }, queryClient);
  const answers = useMutationState({ filters: { mutationKey, exact: true }, select: (m) => m.state.data as R | undefined }, queryClient);
  useEffect(() => {
    const asked = JSON.parse(text) as V | null;
    if (asked === null) return;
    // a mutation with this key exists from the moment the first `mutate` is called: the guard against a second send
    if (queryClient.getMutationCache().find({ mutationKey, exact: true })) return;
    mutate(asked);
  }, [mutationKey, text, mutate]);
  return answers.at(-1);
}
