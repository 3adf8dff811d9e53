// The only module that writes to stdout (contract 3: exactly one JSON object).
// Everything else that would reach stdout — console.log in flows, Playwright,
// libraries — is redirected to stderr. Both streams pass the shared redaction: the object's
// strings (errors, console errors, failed requests) and every stderr write made from this
// process. The streams are patched when first used, not made here: a quiet `--list` never
// builds one (Node loads its whole stream machinery for the first; issue 37 §3).
import { writeSync } from "node:fs";
import { createRedactor } from "@agent-verify/contract/redact";

type Write = (chunk: string | Uint8Array, callback: () => void) => boolean;
type WriteRest = [BufferEncoding | ((error?: Error | null) => void) | undefined, ...unknown[]];
type StdName = "stdout" | "stderr";

/** stdout's own write, kept when stdout was first used (and redirected). */
let realStdoutWrite: Write | undefined;
/** stdout is redirected when first used and nothing has used it yet: no stream holds text. */
let stdoutUnused = false;
let emitted = false;

/**
 * Run `patch` on `process[name]` when something first uses it, without creating the stream
 * now (Node defines both as getters that build the stream on first access).
 */
function whenFirstUsed(name: StdName, patch: (stream: NodeJS.WriteStream) => void): void {
  const descriptor = Object.getOwnPropertyDescriptor(process, name);
  const create = descriptor?.get;
  if (create === undefined || descriptor?.configurable !== true) {
    patch(process[name]);
    return;
  }
  Object.defineProperty(process, name, {
    configurable: true,
    enumerable: descriptor.enumerable ?? true,
    get() {
      const stream = create.call(process) as NodeJS.WriteStream;
      Object.defineProperty(process, name, {
        configurable: true,
        enumerable: descriptor.enumerable ?? true,
        writable: false,
        value: stream,
      });
      patch(stream);
      return stream;
    },
  });
}

/** Route every later process.stderr.write through the redaction (call once, first). */
export function redactStderr(): void {
  whenFirstUsed("stderr", (stderr) => {
    const redactor = createRedactor();
    const write = stderr.write.bind(stderr) as (...args: unknown[]) => boolean;
    stderr.write = ((chunk: string | Uint8Array, ...rest: WriteRest) => {
      const encoding = typeof rest[0] === "string" ? rest[0] : undefined;
      const callback = typeof rest[0] === "function" ? rest[0] : rest[1];
      const text =
        typeof chunk === "string"
          ? encoding === undefined || encoding === "utf8" || encoding === "utf-8"
            ? chunk
            : Buffer.from(chunk, encoding).toString("utf8")
          : Buffer.from(chunk).toString("utf8");
      return write(redactor.text(text), "utf8", callback);
    }) as typeof stderr.write;
  });
}

export function redirectStdoutToStderr(): void {
  stdoutUnused = true;
  whenFirstUsed("stdout", (stdout) => {
    stdoutUnused = false;
    realStdoutWrite = stdout.write.bind(stdout) as Write;
    stdout.write = ((...args: Parameters<typeof stdout.write>) =>
      process.stderr.write(...(args as [string]))) as typeof stdout.write;
  });
}

/**
 * Put `line` on stdout. When nothing has used process.stdout no stream holds any text, so the
 * line goes straight to fd 1; what a non-blocking pipe refuses (EAGAIN) goes through the stream.
 */
function writeStdout(line: string): Promise<void> {
  const bytes = Buffer.from(line, "utf8");
  let written = 0;
  if (stdoutUnused) {
    try {
      while (written < bytes.length) written += writeSync(1, bytes, written);
      return Promise.resolve();
    } catch {
      // The stream below reports or retries it as it would have.
    }
  }
  // Using the stream patches it (redirectStdoutToStderr), which keeps its own write.
  const stdout = process.stdout;
  const write = realStdoutWrite ?? (stdout.write.bind(stdout) as Write);
  return new Promise((resolve) => {
    write(bytes.subarray(written), () => resolve());
  });
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
  return writeStdout(`${JSON.stringify(createRedactor().deep(value))}\n`);
}

export function hasEmitted(): boolean {
  return emitted;
}
