import { useState } from 'preact/hooks';
import { messageOf } from './api/api-error';

export interface Action {
  /** True while the action runs: its buttons are disabled, so it is never sent twice. */
  busy: boolean;
  /** Why the last run failed, as the server said it; cleared when it runs again. */
  problem?: string;
  run: (work: () => Promise<void>) => Promise<void>;
}

/** A button's request to the API, with its progress and its failure kept for the view to show. */
export function useAction(): Action {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setProblem(undefined);
    try {
      await work();
    } catch (error) {
      setProblem(messageOf(error));
    } finally {
      setBusy(false);
    }
  };
  return { busy, problem, run };
}
