// Under pnpm an app that installed `agent-verify` sees only that name in its node_modules:
// init's example must import the API from it, not from @agent-verify/runner.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { initProject } from "./init.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function app(packageJson: object): string {
  const dir = mkdtempSync(join(tmpdir(), "verify-init-module-"));
  dirs.push(dir);
  writeFileSync(join(dir, "package.json"), JSON.stringify(packageJson));
  writeFileSync(join(dir, "index.html"), "<title>x</title>");
  return dir;
}

const imports = (dir: string) =>
  ["pages/front-page.ts", "flows/front-page.ts"].flatMap((file) =>
    [
      ...readFileSync(join(dir, ".verify", "src", file), "utf8").matchAll(/from "([^".][^"]*)"/g),
    ].map((match) => match[1]),
  );

describe("the module init's example imports the API from", () => {
  it("is agent-verify when the app depends on agent-verify and not on @agent-verify/runner", () => {
    const dir = app({ devDependencies: { "agent-verify": "^0.1.0" } });
    initProject({ dir });
    expect(imports(dir)).toEqual(["agent-verify", "agent-verify", "agent-verify"]);
  });

  it.each([
    [{ devDependencies: { "@agent-verify/runner": "^0.1.0" } }],
    [{ devDependencies: { "agent-verify": "^0.1.0", "@agent-verify/runner": "^0.1.0" } }],
    [{}],
  ])("is @agent-verify/runner otherwise (%j)", (packageJson) => {
    const dir = app(packageJson);
    initProject({ dir });
    expect(new Set(imports(dir))).toEqual(new Set(["@agent-verify/runner"]));
  });
});
