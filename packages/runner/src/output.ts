// The only module that writes to stdout (contract 3: exactly one JSON object).
// Everything else that would reach stdout — console.log in flows, Playwright,
// libraries — is redirected to stderr as soon as the CLI starts. Both streams pass the
// shared redaction: the object's strings (errors, console errors, failed requests) and
// every stderr write made from this process.
import { createRedactor } from "@agent-verify/contract/redact";

const realStdoutWrite = process.stdout.write.bind(process.stdout);
let emitted = false;

type WriteRest = [BufferEncoding | ((error?: Error | null) => void) | undefined, ...unknown[]];

/** Route every later process.stderr.write through the redaction (call once, first). */
export function redactStderr(): void {
  // Compiled on the first write: `--list` on a quiet run writes nothing to stderr.
  let redactor: ReturnType<typeof createRedactor> | undefined;
  const write = process.stderr.write.bind(process.stderr) as (...args: unknown[]) => boolean;
  process.stderr.write = ((chunk: string | Uint8Array, ...rest: WriteRest) => {
    const encoding = typeof rest[0] === "string" ? rest[0] : undefined;
    const callback = typeof rest[0] === "function" ? rest[0] : rest[1];
    const text =
      typeof chunk === "string"
        ? encoding === undefined || encoding === "utf8" || encoding === "utf-8"
          ? chunk
          : Buffer.from(chunk, encoding).toString("utf8")
        : Buffer.from(chunk).toString("utf8");
    redactor ??= createRedactor();
    return write(redactor.text(text), "utf8", callback);
  }) as typeof process.stderr.write;
}

export function redirectStdoutToStderr(): void {
  const toStderr = process.stderr.write.bind(process.stderr) as typeof process.stdout.write;
  process.stdout.write = toStderr;
}

/** Write the one result object, redacted; later calls are ignored. Resolves once flushed. */
export function emitJson(value: unknown): Promise<void> {
  if (emitted) return Promise.resolve();
  emitted = true;
  return emitJsonLine(value);
}

/**
 * `--worker`: write one result object as one line, redacted, each time it is called (one per
 * flow asked for on stdin). Resolves once flushed.
 */
export function emitJsonLine(value: unknown): Promise<void> {
  const line = `${JSON.stringify(createRedactor().deep(value))}\n`;
  return new Promise((resolve) => {
    realStdoutWrite(line, () => resolve());
  });
}

export function hasEmitted(): boolean {
  return emitted;
}
