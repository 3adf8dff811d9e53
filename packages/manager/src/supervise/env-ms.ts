import { ManagerError, ManagerErrorCode } from "../errors.js";
import { MAX_TIMER_MS } from "./timer-limit.js";

/**
 * A duration in milliseconds from the environment (a grace, a timeout), or undefined when
 * unset. Anything but a whole number a timer can hold is a usage error naming the variable.
 */
export function msFromEnv(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const value = env[name];
  if (value === undefined || value === "") return undefined;
  if (/^\d+$/.test(value) && Number(value) <= MAX_TIMER_MS) return Number(value);
  const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value;
  throw new ManagerError(
    ManagerErrorCode.UsageError,
    `${name}=${JSON.stringify(shown)}: expected a whole number of milliseconds from 0 to ${MAX_TIMER_MS}`,
    { hint: `set ${name} to a smaller whole number, or unset it for the default` },
  );
}
