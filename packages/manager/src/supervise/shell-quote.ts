/** Quote one argument for a POSIX shell: everything inside single quotes is literal. */
export function shellQuote(value: string): string {
  if (/^[A-Za-z0-9._/=:@%+-]+$/.test(value) && !value.startsWith("-")) return value;
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

/** Put a quoted argument in place of every `{flow}` in a manifest's runner_command. */
export function substituteFlow(runnerCommand: string, argument: string): string {
  return runnerCommand.replaceAll("{flow}", shellQuote(argument));
}
