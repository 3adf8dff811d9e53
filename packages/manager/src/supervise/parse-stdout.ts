import { RunResultInputSchema, type RunResultInput } from "@agent-verify/contract";
import { MAX_JSON_DEPTH, nestsDeeperThan } from "./json-depth.js";

export type StdoutParse =
  | { kind: "empty" }
  | { kind: "result"; result: RunResultInput }
  | { kind: "malformed"; reason: string };

function firstIssue(error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> }) {
  const issue = error.issues[0];
  if (!issue) return "does not match contract 3";
  const path = issue.path.map(String).join(".") || "(object)";
  return `${path}: ${issue.message}`;
}

/** Contract 3: stdout holds exactly one JSON object and nothing else. */
export function parseRunStdout(stdout: string): StdoutParse {
  const text = stdout.trim();
  if (text === "") return { kind: "empty" };
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
    return { kind: "malformed", reason: `stdout JSON nests deeper than ${MAX_JSON_DEPTH} levels` };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    const looksLikeTwo = /}\s*{/.test(text);
    return {
      kind: "malformed",
      reason: looksLikeTwo
        ? "stdout holds more than one JSON object"
        : `stdout is not JSON: ${JSON.stringify(text.slice(0, 120))}`,
    };
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return { kind: "malformed", reason: "stdout JSON is not an object" };
  }
  const parsed = RunResultInputSchema.safeParse(value);
  if (!parsed.success) {
    return {
      kind: "malformed",
      reason: `stdout is not a contract-3 result: ${firstIssue(parsed.error)}`,
    };
  }
  return { kind: "result", result: parsed.data };
}
