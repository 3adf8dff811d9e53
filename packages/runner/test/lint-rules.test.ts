import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "./helpers.js";

// The package graph and the one-stdout-write rule are enforced by the repo's ESLint
// config; these tests make sure the rules fire on code that breaks them.
function lint(path: string, source: string): string {
  const result = spawnSync(
    join(REPO_ROOT, "node_modules/.bin/eslint"),
    ["--stdin", "--stdin-filename", path, "--format", "json"],
    { cwd: REPO_ROOT, input: source, encoding: "utf8" },
  );
  if (result.status === 2) throw new Error(`eslint failed: ${result.stderr}`);
  const [report] = JSON.parse(result.stdout) as Array<{
    messages: Array<{ ruleId: string | null }>;
  }>;
  return (report?.messages ?? []).map((message) => message.ruleId ?? "parse-error").join(",");
}

describe("lint rules", () => {
  it.each([
    ["packages/runner/src/x.ts", "@agent-verify/manager"],
    ["packages/runner/src/x.ts", "@agent-verify/gates"],
    ["packages/manager/src/x.ts", "@agent-verify/runner"],
    ["packages/gates/src/x.ts", "@agent-verify/runner/dist/index.js"],
    ["packages/contract/src/x.ts", "@agent-verify/runner"],
  ])("%s may not import %s", (path, target) => {
    expect(lint(path, `import "${target}";\n`)).toMatch(/no-restricted-imports/);
  });

  it("lets every package import the contract", () => {
    for (const pkg of ["runner", "manager", "gates"]) {
      expect(lint(`packages/${pkg}/src/x.ts`, 'import "@agent-verify/contract";\n')).toBe("");
    }
  });

  it("allows stdout only in the runner's output.ts", () => {
    expect(lint("packages/runner/src/x.ts", 'process.stdout.write("x");\n')).toMatch(
      /no-restricted-properties/,
    );
    expect(lint("packages/runner/src/x.ts", 'console.log("x");\n')).toMatch(/no-console/);
    expect(lint("packages/runner/src/output.ts", 'process.stdout.write("x");\n')).toBe("");
  });
});
