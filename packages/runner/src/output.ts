// The only module that writes to stdout (contract 3: exactly one JSON object).
// Everything else that would reach stdout — console.log in flows, Playwright,
// libraries — is redirected to stderr as soon as the CLI starts.

const realStdoutWrite = process.stdout.write.bind(process.stdout);
let emitted = false;

export function redirectStdoutToStderr(): void {
  const toStderr = process.stderr.write.bind(process.stderr) as typeof process.stdout.write;
  process.stdout.write = toStderr;
}

/** Write the one result object; later calls are ignored. Resolves once flushed. */
export function emitJson(value: unknown): Promise<void> {
  if (emitted) return Promise.resolve();
  emitted = true;
  const line = `${JSON.stringify(value)}\n`;
  return new Promise((resolve) => {
    realStdoutWrite(line, () => resolve());
  });
}

export function hasEmitted(): boolean {
  return emitted;
}
