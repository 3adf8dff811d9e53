import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The lint rule that keeps gates' rooms importing downward (packages/gates/src/README.md,
// scripts/lib/gates-layers.mjs), run through the repository's own eslint.config.js.
const root = fileURLToPath(new URL("../../..", import.meta.url));
const eslint = new ESLint({ cwd: root });
const RULE = "gates-layers/import-downward";

async function layerErrors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = thing;\n`, {
    filePath: `${root}packages/gates/src/${path}`,
  });
  return (result?.messages ?? []).filter((m) => m.ruleId === RULE).map((m) => m.message);
}

describe("gates' rooms import downward only", () => {
  it.each([
    ["catalogue/x.ts", `import { thing } from "../context.js";`, "catalogue/ imports nothing else"],
    [
      "catalogue/x.test.ts",
      `import { thing } from "../floor/markers.js";`,
      "catalogue/ imports nothing else",
    ],
    [
      "tools/x.ts",
      `import { thing } from "../stages/judge.js";`,
      "tools (layer adapters) must not import stages",
    ],
    [
      "floor/x.ts",
      `const { thing } = await import("../stages/judge.js");`,
      "floor (layer checks) must not import stages",
    ],
    ["diff/x.ts", `export { thing } from "../task/task-file.js";`, "diff (layer change) must not"],
    // No arrow is allowed back up any more (KNOWN_BACK_EDGES is empty): the store's old home.
    [
      "tools/x.ts",
      `import { thing } from "../loop/hook.js";`,
      "tools (layer adapters) must not import loop",
    ],
  ])("%s: %s → an error", async (path, code, message) => {
    const errors = await layerErrors(path, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(message);
  });

  // Rooms on one layer may import each other's way, but never both ways: the other arrow is in
  // the code today (oracle/copy.ts imports task/, state/store.ts imports git.ts).
  it.each([
    ["task/x.ts", `import { thing } from "../oracle/oracle.js";`, "task must not import oracle"],
    ["git.ts", `import { thing } from "./state/store.js";`, "git.ts must not import state"],
  ])("%s: %s → an error (the rooms would import each other)", async (path, code, message) => {
    const errors = await layerErrors(path, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(message);
    expect(errors[0]).toContain("which imports it");
  });

  it("a room no layer names → an error, its tests not", async () => {
    const code = `import { thing } from "../git.js";`;
    const errors = await layerErrors("attic/x.ts", code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain("attic is on no layer");
    expect(await layerErrors("attic/x.test.ts", code)).toEqual([]);
  });

  it.each([
    ["catalogue/x.ts", `import { thing } from "./test-files.js";`],
    ["catalogue/x.test.ts", `import { thing } from "../../test/skip-form-samples.js";`],
    ["stages/x.ts", `import { thing } from "../floor/markers.js";`],
    ["floor/x.ts", `import { thing } from "../catalogue/skip-forms.js";`],
    ["tools/x.test.ts", `import { thing } from "../stages/judge.js"; import "../loop/hook.js";`],
    // The other way round of the pairs above: one arrow between two rooms of a layer is fine.
    ["oracle/x.ts", `import { thing } from "../task/task-file.js";`],
    ["state/x.ts", `import { thing } from "../git.js";`],
  ])("%s: %s → allowed", async (path, code) => {
    expect(await layerErrors(path, code)).toEqual([]);
  });
});
