import type {
  DeliverableFinding,
  FailedFlow,
  FailedTest,
  Failures,
  Flaky,
  GateFindingBrief,
  LintError,
  TypecheckError,
} from "@agent-verify/contract";

export type FailureKind = keyof Failures;

/** What one kind of failure means to the loop; every consumer iterates these, none lists kinds. */
export interface KindSpec<T> {
  /**
   * `failure` is counted against the retry budget; `setup` means nothing could be judged
   * (not counted); `flaky` is reported and never counted.
   */
  role: "failure" | "setup" | "flaky";
  /** `one`: a single nullable value rather than a list. */
  shape: "list" | "one";
  /** What stays equal between two identical failures (the fingerprint's input). */
  key(item: T): unknown;
  /** Summary parts naming the items; called with at least one. */
  summary(items: readonly T[]): string[];
  /** The item with its free texts passed through `cut` (a comment's size limits). */
  clip(item: T, cut: (text: string) => string): T;
}

/**
 * Errors carry durations, timestamps and temp paths that differ between identical failures,
 * and Playwright's call log (how often it retried, which waits it logged) depends on the
 * machine's speed: it is diagnosis, not identity, so it is left out.
 */
export function stable(text: string | null): string {
  return (text ?? "")
    .replace(/\n\s*Call log:[\s\S]*$/, "")
    .replace(/\d+(\.\d+)?\s*ms\b/g, "N ms")
    .replace(/\d{4}-\d\d-\d\dT[\d:.]+Z?/g, "T")
    .replace(/\/tmp\/[^\s'"]+/g, "/tmp/…");
}

export function firstLine(text: string | null): string {
  return (text ?? "").split("\n")[0] ?? "";
}

const quote = (text: string) => JSON.stringify(text.length > 120 ? `${text.slice(0, 119)}…` : text);

function counted<T extends { file: string | null; line: number | null }>(
  noun: string,
  rule: (item: T) => string,
) {
  return (items: readonly T[]): string[] => {
    const first = items[0];
    const where = first?.file ? ` (first: ${first.file}:${first.line ?? "?"} ${rule(first)})` : "";
    return [`${items.length} ${noun}${where}`];
  };
}

/** At most five parts, one per finding, then a count of the rest. */
function findings<T>(noun: string, part: (item: T) => string) {
  return (items: readonly T[]): string[] => {
    const parts = items.slice(0, 5).map(part);
    if (items.length > 5) parts.push(`${items.length - 5} more ${noun}`);
    return parts;
  };
}

type Item<K extends FailureKind> =
  Failures[K] extends ReadonlyArray<infer T> ? T : NonNullable<Failures[K]>;

/**
 * Every failure kind of the record, in the order summaries name them. A new kind in the
 * Failures schema fails to compile until it has an entry here.
 */
export const FAILURE_KINDS: { [K in FailureKind]: KindSpec<Item<K>> } = {
  setup_error: {
    role: "setup",
    shape: "one",
    key: (text: string) => stable(text),
    summary: (items: readonly string[]) => [`setup: ${firstLine(items[0] ?? null)}`],
    clip: (text: string, cut) => cut(text),
  },
  failed_flows: {
    role: "failure",
    shape: "list",
    key: (f: FailedFlow) => [f.flow, f.outcome, f.failing_step, stable(f.error)],
    summary: (items: readonly FailedFlow[]) => {
      const flows = items.map((f) => {
        const step = f.failing_step ? ` at step '${f.failing_step}'` : "";
        const error = f.error ? `: ${firstLine(f.error)}` : "";
        return `${f.flow} ${f.outcome}${step}${error}`;
      });
      return [`flows failed: ${flows.join("; ")}`];
    },
    clip: (f: FailedFlow, cut) => ({ ...f, error: f.error === null ? null : cut(f.error) }),
  },
  failed_tests: {
    role: "failure",
    shape: "list",
    key: (t: FailedTest) => [t.file, t.name],
    summary: (items: readonly FailedTest[]) => [
      `tests failed: ${items.map((t) => quote(t.name)).join(", ")}`,
    ],
    clip: (t: FailedTest, cut) => ({ ...t, message: cut(t.message) }),
  },
  failed_ac: {
    role: "failure",
    shape: "list",
    key: (text: string) => text,
    summary: (items: readonly string[]) => [
      `open acceptance criteria: ${items.map(quote).join(", ")}`,
    ],
    clip: (text: string, cut) => cut(text),
  },
  typecheck_errors: {
    role: "failure",
    shape: "list",
    key: (e: TypecheckError) => [e.file, e.line, e.code],
    summary: counted("typecheck errors", (e: TypecheckError) => e.code),
    clip: (e: TypecheckError, cut) => ({ ...e, message: cut(e.message) }),
  },
  lint_errors: {
    role: "failure",
    shape: "list",
    key: (e: LintError) => [e.file, e.line, e.rule],
    summary: counted("lint errors", (e: LintError) => e.rule),
    clip: (e: LintError, cut) => ({ ...e, message: cut(e.message) }),
  },
  gate_findings: {
    role: "failure",
    shape: "list",
    key: (f: GateFindingBrief) => [f.stage, f.file, f.rule],
    summary: findings(
      "gate findings",
      (f: GateFindingBrief) =>
        `${f.stage}/${f.rule}${f.file ? ` in ${f.file}` : ""}: ${firstLine(f.message)}`,
    ),
    clip: (f: GateFindingBrief, cut) => ({ ...f, message: cut(f.message) }),
  },
  deliverable_findings: {
    role: "failure",
    shape: "list",
    key: (f: DeliverableFinding) => [f.file, f.rule, stable(f.message)],
    summary: findings(
      "deliverable findings",
      (f: DeliverableFinding) =>
        `deliverable/${f.rule} in ${f.file}${f.line === null ? "" : `:${f.line}`}: ${firstLine(f.message)}`,
    ),
    clip: (f: DeliverableFinding, cut) => ({ ...f, message: cut(f.message) }),
  },
  flaky: {
    role: "flaky",
    shape: "list",
    key: (f: Flaky) => [f.kind, f.name, f.reason],
    summary: (items: readonly Flaky[]) => [
      `flaky: ${items.map((f) => `${f.kind} ${f.name} (${f.reason === "confirm_failed" ? "confirm_failed: passed, then failed its confirmation run" : f.reason})`).join(", ")}`,
    ],
    clip: (f: Flaky) => f,
  },
};
