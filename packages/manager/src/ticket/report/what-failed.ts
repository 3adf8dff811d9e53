import type { Failures, FlowOutcome } from "@agent-verify/contract";

/** How many failures of one kind the human part names before "and N more". */
const MAX_NAMED = 5;
const MAX_GIST = 300;

const clip = (text: string, max = MAX_GIST) =>
  text.length <= max ? text : `${text.slice(0, max - 1)}…`;

const ANSI = new RegExp(String.raw`\u001b\[[0-9;]*m`, "g");

/**
 * The part of an error a person reads: Playwright's `Expected:` / `Received:` lines when the
 * error has them (they are what the one-line summary drops), else its first two lines.
 */
export function errorGist(error: string): string {
  const lines = error
    .replace(ANSI, "")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "");
  const pick = (label: RegExp) => lines.find((line) => label.test(line));
  const expected = pick(/^Expected(?: [a-z]+)?:/);
  const received = pick(/^Received(?: [a-z]+)?:/);
  if (expected !== undefined && received !== undefined) {
    const head = lines[0] !== undefined && lines[0] !== expected ? `${lines[0]} — ` : "";
    return clip(`${head}${expected}, ${received}`);
  }
  return clip(lines.slice(0, 2).join(" — "));
}

const code = (text: string) => `\`${text.replaceAll("`", "'")}\``;

function artifactOf(outcome: FlowOutcome, key: string): string | null {
  const value = outcome.artifacts?.[key];
  return typeof value === "string" ? value : null;
}

/** One failed flow in a sentence, then its evidence on the next line. */
function flowLines(outcome: FlowOutcome): string[] {
  const verb = outcome.outcome === "fail" ? "failed" : `ended ${outcome.outcome}`;
  const step = outcome.failing_step === null ? "" : ` at step ${code(outcome.failing_step)}`;
  const gist = outcome.error === null ? "" : `: ${errorGist(outcome.error)}`;
  const url = artifactOf(outcome, "url_at_failure");
  const lines = [`- flow **${outcome.flow}** ${verb}${step}${gist}${url ? ` (page: ${url})` : ""}`];
  const evidence = [
    ["screenshot", artifactOf(outcome, "screenshot")],
    ["error context", artifactOf(outcome, "error_context")],
    ["trace", artifactOf(outcome, "trace")],
  ].filter((pair): pair is [string, string] => pair[1] !== null);
  if (evidence.length > 0)
    lines.push(`  evidence: ${evidence.map(([what, path]) => `${what} ${code(path)}`).join(", ")}`);
  const trace = artifactOf(outcome, "trace");
  if (trace !== null) lines.push(`  open the trace: ${code(`npx playwright show-trace ${trace}`)}`);
  return lines;
}

const place = (file: string | null, line: number | null) =>
  file === null ? "" : `${code(line === null ? file : `${file}:${line}`)} `;

/** "- …" lines for up to MAX_NAMED items, and how many more there are. */
function named<T>(items: readonly T[], line: (item: T) => string[]): string[] {
  const out = items.slice(0, MAX_NAMED).flatMap(line);
  if (items.length > MAX_NAMED)
    out.push(`- … and ${items.length - MAX_NAMED} more (in the record below)`);
  return out;
}

/**
 * What failed, for a person: each failed flow (step, Expected/Received, page, evidence),
 * failed test, acceptance criterion and gates finding, a line each. Flows come from this
 * attempt's outcomes when it ran them, else from the logged failures.
 */
export function whatFailedLines(outcomes: readonly FlowOutcome[], failures: Failures): string[] {
  const failedOutcomes = outcomes.filter((o) => o.outcome !== "pass");
  const flows =
    failedOutcomes.length > 0
      ? named(failedOutcomes, flowLines)
      : named(failures.failed_flows, (f) => [
          `- flow **${f.flow}** ${f.outcome === "fail" ? "failed" : `ended ${f.outcome}`}${f.failing_step === null ? "" : ` at step ${code(f.failing_step)}`}${f.error === null ? "" : `: ${errorGist(f.error)}`}`,
        ]);
  const lines = [
    ...flows,
    ...named(failures.failed_tests, (t) => [
      `- test ${code(t.name)}${t.file === null ? "" : ` in ${code(t.file)}`}: ${errorGist(t.message)}`,
    ]),
    ...named(failures.failed_ac, (ac) => [`- acceptance criterion not met: ${clip(ac)}`]),
    ...named(failures.typecheck_errors, (e) => [
      `- type error ${place(e.file, e.line)}${e.code}: ${errorGist(e.message)}`,
    ]),
    ...named(failures.lint_errors, (e) => [
      `- lint ${place(e.file, e.line)}${e.rule}: ${errorGist(e.message)}`,
    ]),
    ...named(failures.gate_findings, (g) => [
      `- ${g.stage === "gates" ? "gates" : `gates ${g.stage}`} ${place(g.file, g.line)}${g.rule}: ${errorGist(g.message)}`,
    ]),
  ];
  return lines.length > 0 ? ["What failed:", ...lines] : [];
}
