import type { GatesConfig } from "@agent-verify/contract";
import type { LoadedConfigs } from "./context.js";

const minDefined = (a: number | undefined, b: number | undefined) =>
  a === undefined ? b : b === undefined ? a : Math.min(a, b);

function allowOf(base: GatesConfig, working: GatesConfig): { allow?: string[] } {
  if (!working.scope.allow) return base.scope.allow ? { allow: base.scope.allow } : {};
  const allow = working.scope.allow.filter(
    (glob) => !base.scope.allow || base.scope.allow.includes(glob),
  );
  return { allow };
}

const heldOutOf = (config: GatesConfig): string[] => {
  const value = config.tests.held_out;
  return value === undefined ? [] : typeof value === "string" ? [value] : value;
};

/** A change cannot loosen the gate that judges it: numbers take the stricter side, lists the base's too. */
export function strictest(base: GatesConfig, working: GatesConfig): GatesConfig {
  const changedMin = [base.coverage.changed_lines_min, working.coverage.changed_lines_min].filter(
    (v) => v !== undefined,
  );
  const heldOut = [...new Set([...heldOutOf(base), ...heldOutOf(working)])];
  return {
    ...working,
    crap_threshold: Math.min(base.crap_threshold, working.crap_threshold),
    diff_budget: minDefined(base.diff_budget, working.diff_budget),
    coverage: changedMin.length > 0 ? { changed_lines_min: Math.max(...changedMin) } : {},
    scope: {
      ...allowOf(base, working),
      block: [...new Set([...base.scope.block, ...working.scope.block])],
    },
    secrets: { allow: working.secrets.allow.filter((entry) => base.secrets.allow.includes(entry)) },
    exclude: working.exclude.filter((glob) => base.exclude.includes(glob)),
    judge: working.judge ?? base.judge,
    // Held-out tests the base names keep running: the change can add some, never drop one.
    tests: heldOut.length > 0 ? { held_out: heldOut } : {},
  };
}

export function loadedConfigs(
  base: GatesConfig,
  working: GatesConfig,
  text: string | undefined,
): LoadedConfigs {
  return { effective: strictest(base, working), working, base, workingText: text };
}
