/** The longest delay a Node timer holds; a longer one fires after 1 ms (TimeoutOverflowWarning). */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** `ms` as a timer can hold it: whole, not negative, at most MAX_TIMER_MS. */
export function timerMs(ms: number): number {
  if (Number.isNaN(ms)) return 0;
  return Math.min(MAX_TIMER_MS, Math.max(0, Math.floor(ms)));
}
