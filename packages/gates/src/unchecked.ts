import type { GateStage, GatesReport, GatesUnchecked, StageResult } from "@agent-verify/contract";
import { isProductFile } from "@agent-verify/contract/product-files";

/** The stages that read the code; when every one was skipped, nothing checked the change. */
const TOOL_STAGES: readonly GateStage[] = ["typecheck", "lint", "format", "tests"];
/** What no tool stage is meant to read: documentation, images, licences. */
const NOT_CODE =
  /\.(?:md|mdx|markdown|txt|rst|adoc|png|jpe?g|gif|ico|webp|avif)$|(?:^|\/)(?:LICEN[CS]E|NOTICE|AUTHORS)[^/]*$/i;

/**
 * Skip reasons that are no lack of a tool: turned off in `.verify/gates.yaml` (tools/detect.ts),
 * or nothing the stage reads changed (stages/typecheck.ts, tool-stage.ts, the tests' scope).
 */
const CHOSEN_OR_IDLE =
  /^(?:turned off in \.verify\/gates\.yaml|no TypeScript, JavaScript or JSON file changed|no changed files for this tool|no code changed)/;

/** How to give each stage a tool, in the words of the tool most repositories use. */
const ADD: Record<string, string> = {
  typecheck: "a tsconfig.json (typescript installed)",
  lint: "eslint, oxlint or biome",
  format: "prettier, oxfmt or biome",
  tests: "tests (vitest, jest or node --test) and a test script",
};

/**
 * The report's `unchecked`: for a passing full run whose tool stages were all skipped while the
 * change holds code (not all of them turned off by the config), the code files nothing read and
 * why each stage skipped; else undefined.
 */
export function uncheckedOf(
  stages: readonly StageResult[],
  changed: GatesReport["changed_files"],
): GatesUnchecked | undefined {
  const tools = TOOL_STAGES.map((name) => stages.find((s) => s.stage === name));
  if (tools.some((s) => s === undefined || s.status !== "skip")) return undefined;
  // A stage turned off in .verify/gates.yaml is the repository's choice, and one that had nothing
  // of its kind to read did not lack a tool: unchecked needs a stage skipped for want of one.
  if (!tools.some((s) => s?.reason !== undefined && !CHOSEN_OR_IDLE.test(s.reason)))
    return undefined;
  const files = changed.map((f) => f.path).filter((p) => !NOT_CODE.test(p) && !isProductFile(p));
  if (files.length === 0) return undefined;
  return {
    files,
    stages: tools.map((s) => ({ stage: s?.stage ?? "tests", reason: s?.reason ?? "skipped" })),
    hint: `add ${TOOL_STAGES.map((s) => ADD[s]).join("; ")} to the repository, or name the commands in .verify/gates.yaml (commands.typecheck, commands.lint, commands.format, commands.test)`,
  };
}
