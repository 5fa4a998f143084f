import { useCallback, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ApiDocument } from '@dilosi/domain';
import { getStepLookups, startStepLookups } from '../api/step-lookups';
import { getDocumentQueryOptions } from '../api/get-document';
import type { WizardScope } from '../document-scope';
import { pollStepLookups, type LookupOutcome } from './poll-step-lookups';

export type StepLookupsState = { kind: 'none' } | { kind: 'pending' } | LookupOutcome;

function sleeper(signal: AbortSignal) {
  return (ms: number) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, ms);
      signal.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(signal.reason);
      });
    });
}

/**
 * The registry look-ups of the wizard's current step (step_info.poll): started when the step
 * shows, polled with the spec's limits; once they filled the draft, the document is read again
 * before the form shows. `retry` starts over after a failure or the limit.
 */
export function useStepLookups(document: ApiDocument, scope: WizardScope) {
  const queryClient = useQueryClient();
  const endpoint = scope.kind === 'citizen' ? document.step_info.poll?.endpoint : undefined;
  const [attempt, setAttempt] = useState(0);
  // The outcome of one run, by the run's key: another step or a retry is pending again.
  // `staleDigest`: the draft from before the look-ups wrote it; the form waits until it is gone.
  const [finished, setFinished] = useState<{
    run: string;
    outcome: LookupOutcome;
    staleDigest?: string | undefined;
  } | null>(null);
  const { id, step_name: step } = document;
  const run = `${endpoint ?? ''}|${step}|${attempt}`;

  useEffect(() => {
    if (!endpoint) return;
    const controller = new AbortController();
    const { signal } = controller;
    void pollStepLookups({
      start: () => startStepLookups(endpoint, { signal }),
      poll: (pollId) => getStepLookups(endpoint, pollId, { signal }),
      sleep: sleeper(signal),
    })
      .then(async (outcome) => {
        let staleDigest: string | undefined;
        if (outcome.kind === 'done' && outcome.fetched) {
          const { queryKey } = getDocumentQueryOptions(id, scope);
          const before = queryClient.getQueryData(queryKey)?.['digest-sha256'];
          await queryClient.refetchQueries({ queryKey });
          const after = queryClient.getQueryData(queryKey)?.['digest-sha256'];
          if (before !== after) staleDigest = before;
        }
        if (!signal.aborted) setFinished({ run, outcome, staleDigest });
      })
      .catch(() => {
        // Left the step (aborted): nothing to show.
      });
    return () => controller.abort();
    // scope is stable per page; `run` names the endpoint, the step and the attempt.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [run, id, queryClient]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const isCurrent =
    finished?.run === run &&
    (finished.staleDigest === undefined || finished.staleDigest !== document['digest-sha256']);
  const state: StepLookupsState = !endpoint
    ? { kind: 'none' }
    : isCurrent
      ? finished.outcome
      : { kind: 'pending' };
  return { state, retry, isBlocking: state.kind === 'pending' };
}
