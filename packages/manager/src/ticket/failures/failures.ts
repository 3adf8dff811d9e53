import { createHash } from "node:crypto";
import type { Failures, VerifyLogEntry } from "@agent-verify/contract";
import { FAILURE_KINDS, type FailureKind, type KindSpec } from "./kinds.js";

/** The kinds as one list to iterate (their specs are typed per kind in kinds.ts). */
const KINDS = Object.entries(FAILURE_KINDS) as Array<[FailureKind, KindSpec<unknown>]>;

function itemsOf(failures: Failures, kind: FailureKind): unknown[] {
  const value: unknown = failures[kind];
  if (Array.isArray(value)) return value as unknown[];
  return value === null || value === undefined ? [] : [value];
}

function build(lists: ReadonlyArray<readonly [FailureKind, unknown[]]>): Failures {
  const record: Record<string, unknown> = {};
  for (const [kind, items] of lists) {
    record[kind] = FAILURE_KINDS[kind].shape === "one" ? (items[0] ?? null) : items;
  }
  return record as Failures;
}

/** A record with nothing in it. */
export function noFailures(): Failures {
  return build(KINDS.map(([kind]) => [kind, []] as const));
}

/**
 * The record of a logged attempt. Lines written before the record existed carry only the
 * flat lists of contract 7; the kinds they did not know are empty.
 */
export function failuresOf(entry: VerifyLogEntry): Failures {
  if (entry.failures) return entry.failures;
  const flat = entry as unknown as Failures;
  return build(KINDS.map(([kind]) => [kind, itemsOf(flat, kind)] as const));
}

/**
 * The flat lists the log entry and the comment carried before the record (contract 7 is
 * public, so they stay), derived from the record here and nowhere else.
 */
export function flatFailures(failures: Failures) {
  return {
    failed_flows: failures.failed_flows,
    failed_tests: failures.failed_tests,
    failed_ac: failures.failed_ac,
    lint_errors: failures.lint_errors,
    typecheck_errors: failures.typecheck_errors,
    gate_findings: failures.gate_findings,
    flaky: failures.flaky,
    setup_error: failures.setup_error,
  };
}

/** Whether anything counted against the budget failed (setup problems and flakiness are not). */
export function hasCountedFailure(failures: Failures): boolean {
  return KINDS.some(
    ([kind, spec]) => spec.role === "failure" && itemsOf(failures, kind).length > 0,
  );
}

/** Stable over identical failures: equal on consecutive attempts means "the same failure". */
export function fingerprint(failures: Failures): string {
  const key = KINDS.filter(([, spec]) => spec.role !== "flaky").map(([kind, spec]) =>
    itemsOf(failures, kind).map((item) => spec.key(item)),
  );
  return createHash("sha256").update(JSON.stringify(key)).digest("hex").slice(0, 12);
}

/** One line naming what failed, for comments, the batch status and `verify-manager log`. */
export function summarize(failures: Failures): string {
  const parts = KINDS.flatMap(([kind, spec]) => {
    const items = itemsOf(failures, kind);
    return items.length > 0 ? spec.summary(items) : [];
  });
  return parts.join("; ") || "no failure recorded";
}

/** At most `max` items of each kind, every free text passed through `cut`. */
export function clipFailures(failures: Failures, max: number, cut: (text: string) => string) {
  return build(
    KINDS.map(
      ([kind, spec]) =>
        [
          kind,
          itemsOf(failures, kind)
            .slice(0, max)
            .map((item) => spec.clip(item, cut)),
        ] as const,
    ),
  );
}
