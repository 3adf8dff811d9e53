/** The longest delay a Node timer holds; a longer one fires after 1 ms. */
export const MAX_TIMER_MS = 2_147_483_647;

/**
 * A duration in ms from the environment, bounded to [0, max]: an unset or unparsable
 * value gives `fallback` (with a warning on stderr for the unparsable one).
 */
export function envMs(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  max = MAX_TIMER_MS,
): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) {
    process.stderr.write(
      `verify-runner: ${name}=${raw} is not a duration in ms; using ${fallback}\n`,
    );
    return fallback;
  }
  return Math.min(Math.round(value), max);
}
