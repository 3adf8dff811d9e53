// Zod-free: `@agent-verify/contract/shell-quote`, for every command line agent-verify builds
// for `sh -c` (the manager's runner and gates commands, the runner's shared static server).

/** Quote one argument for a POSIX shell: everything inside single quotes is literal. */
export function shellQuote(value: string): string {
  if (/^[A-Za-z0-9._/=:@%+-]+$/.test(value) && !value.startsWith("-")) return value;
  return `'${value.replaceAll("'", `'\\''`)}'`;
}
