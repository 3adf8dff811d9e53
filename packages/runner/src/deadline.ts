/**
 * Race `work` against a deadline. The deadline rejects with the error built by
 * `onTimeout`; `abort` lets a signal handler end the race early with its own error.
 */
export interface Deadline {
  abort(error: Error): void;
}

export async function raceAgainstDeadline<T>(
  work: (deadline: Deadline) => Promise<T>,
  timeoutMs: number,
  onTimeout: () => Error,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let abort: (error: Error) => void = () => {};
  const stopper = new Promise<never>((_, reject) => {
    abort = reject;
    timer = setTimeout(() => reject(onTimeout()), timeoutMs);
  });
  try {
    return await Promise.race([work({ abort: (error) => abort(error) }), stopper]);
  } finally {
    clearTimeout(timer);
  }
}

/** Resolve `promise` or give up after `ms` (returns undefined); never rejects. */
export async function settleWithin<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  try {
    return await Promise.race([promise.catch(() => undefined), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
