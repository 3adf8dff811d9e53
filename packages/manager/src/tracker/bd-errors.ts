import { ManagerError, ManagerErrorCode } from "../errors.js";
import { MAX_JSON_DEPTH, nestsDeeperThan } from "../supervise/json-depth.js";
import type { BdCallResult } from "./bd-exec.js";

const DEFAULT_HINT = "check BEADS_DIR / the folder bd runs in, and the issue id";
const OUTPUT_HINT =
  "run the same bd command by hand: this bd prints what the manager cannot read (bd 1.x is supported; BD_* settings can change its output)";

/** Text from bd as part of a one-line message: line breaks become ` | `. */
export function oneLine(text: string): string {
  return text
    .trim()
    .split(/\s*\r?\n\s*/)
    .filter((line) => line !== "")
    .join(" | ");
}

/** bd 1.0.3+ may wrap payloads as {schema_version, data} (BD_JSON_ENVELOPE=1). */
function unwrap(value: unknown): unknown {
  if (
    value &&
    typeof value === "object" &&
    !Array.isArray(value) &&
    "data" in value &&
    "schema_version" in value
  ) {
    return (value as { data: unknown }).data;
  }
  return value;
}

/** bd's JSON, or undefined when there is none (empty, not JSON, or nested past any real output). */
export function parseBdJson(text: string): unknown {
  const trimmed = text.trim();
  if (trimmed === "" || nestsDeeperThan(trimmed, MAX_JSON_DEPTH)) return undefined;
  try {
    return unwrap(JSON.parse(trimmed));
  } catch {
    return undefined;
  }
}

export function errorText(result: BdCallResult): string {
  // bd puts JSON errors on stdout for some commands and on stderr for others.
  for (const stream of [result.stdout, result.stderr]) {
    const value = parseBdJson(stream);
    if (value && typeof value === "object" && "error" in value) {
      return oneLine(String((value as { error: unknown }).error));
    }
  }
  const lines = result.stderr
    .trim()
    .split("\n")
    .filter((line) => line.trim() !== "");
  return (
    oneLine(lines.slice(0, 3).join("\n")) || oneLine(result.stdout.slice(0, 300)) || "no output"
  );
}

/** bd answered, but not with what the command promises. */
export function unexpectedOutput(command: string, what: string): ManagerError {
  return new ManagerError(ManagerErrorCode.BdUnexpectedOutput, `${command}: ${oneLine(what)}`, {
    hint: OUTPUT_HINT,
  });
}

/** A short quote of what bd printed, escaped onto one line. */
export function quoteOutput(text: string): string {
  const trimmed = text.trim();
  if (trimmed === "") return "nothing";
  return JSON.stringify(trimmed.length > 200 ? `${trimmed.slice(0, 200)}…` : trimmed);
}

/** The error for a bd call that did not end well, or null when it did (exit 0, output read). */
export function bdCallError(
  command: string,
  bin: string,
  result: BdCallResult,
  timeoutMs: number,
  failureHint?: string,
): ManagerError | null {
  if (result.spawnErrorCode === "ENOENT") {
    return new ManagerError(ManagerErrorCode.BdMissing, `${command}: bd not found (${bin})`, {
      hint: "install it with scripts/install-bd.sh, or point VERIFY_BD at the binary",
    });
  }
  if (result.spawnErrorCode !== null) {
    return new ManagerError(
      ManagerErrorCode.BdFailed,
      `${command}: could not start ${bin} (${result.spawnErrorCode})`,
      { hint: `check that ${bin} is an executable bd binary, or point VERIFY_BD at one` },
    );
  }
  if (result.timedOut) {
    return new ManagerError(
      ManagerErrorCode.BdFailed,
      `${command}: timed out after ${timeoutMs} ms`,
      {
        hint: "another bd process may hold the tracker lock (VERIFY_BD_TIMEOUT_MS sets the limit)",
      },
    );
  }
  if (result.isMaxBuffer) {
    return unexpectedOutput(command, "printed more than the 16 MiB the manager reads");
  }
  if (result.exitCode !== 0) {
    const how = result.exitCode === null ? `killed by ${result.signal}` : `exit ${result.exitCode}`;
    return new ManagerError(
      ManagerErrorCode.BdFailed,
      `${command} failed (${how}): ${errorText(result)}`,
      { hint: failureHint ?? DEFAULT_HINT },
    );
  }
  if (nestsDeeperThan(result.stdout, MAX_JSON_DEPTH)) {
    return unexpectedOutput(
      command,
      `printed JSON that nests deeper than ${MAX_JSON_DEPTH} levels`,
    );
  }
  return null;
}
