import { join } from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "./helpers.js";

// The package graph and the one-stdout-write rule are enforced by the repo's ESLint
// config; these tests make sure the rules fire on code that breaks them. One ESLint
// instance over the repo's own config (the CLI would load it again for every check).
const eslint = new ESLint({ cwd: REPO_ROOT });

async function lint(path: string, source: string): Promise<string> {
  const [report] = await eslint.lintText(source, { filePath: join(REPO_ROOT, path) });
  return (report?.messages ?? []).map((message) => message.ruleId ?? "parse-error").join(",");
}

describe("lint rules", () => {
  it.each([
    ["packages/runner/src/x.ts", "@agent-verify/manager"],
    ["packages/runner/src/x.ts", "@agent-verify/gates"],
    ["packages/manager/src/x.ts", "@agent-verify/runner"],
    ["packages/gates/src/x.ts", "@agent-verify/runner/dist/index.js"],
    ["packages/contract/src/x.ts", "@agent-verify/runner"],
  ])("%s may not import %s", async (path, target) => {
    expect(await lint(path, `import "${target}";\n`)).toMatch(/no-restricted-imports/);
  });

  // A file of gates sits in one of its rooms (a file in none is a gates-layers error of its own).
  it.each(["runner/src/x.ts", "manager/src/x.ts", "gates/src/stages/x.ts"])(
    "lets packages/%s import the contract",
    async (path) => {
      expect(await lint(`packages/${path}`, 'import "@agent-verify/contract";\n')).toBe("");
    },
  );

  it("allows stdout only in the runner's output.ts", async () => {
    expect(await lint("packages/runner/src/x.ts", 'process.stdout.write("x");\n')).toMatch(
      /no-restricted-properties/,
    );
    expect(await lint("packages/runner/src/x.ts", 'console.log("x");\n')).toMatch(/no-console/);
    expect(await lint("packages/runner/src/output.ts", 'process.stdout.write("x");\n')).toBe("");
  });
});
