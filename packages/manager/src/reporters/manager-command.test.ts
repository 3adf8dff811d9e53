import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { managerCommand } from "./manager-command.js";

const dirs: string[] = [];
function project(lockfile?: string): string {
  const dir = mkdtempSync(join(tmpdir(), "vm-command-"));
  dirs.push(dir);
  if (lockfile) writeFileSync(join(dir, lockfile), "");
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("managerCommand", () => {
  it("an npm project (package-lock.json) runs the bin with npx, whoever started us", () => {
    const env = { npm_config_user_agent: "pnpm/10.0.0 npm/? node/v20.19.0 linux x64" };
    expect(managerCommand(project("package-lock.json"), env)).toBe("npx verify-manager");
  });

  it("pnpm and yarn projects by their lockfiles", () => {
    expect(managerCommand(project("pnpm-lock.yaml"), {})).toBe("pnpm exec verify-manager");
    expect(managerCommand(project("yarn.lock"), {})).toBe("yarn verify-manager");
  });

  it("no lockfile: the package manager that ran us, else the bare name", () => {
    const npm = { npm_config_user_agent: "npm/11.0.0 node/v20.19.0 linux x64 workspaces/false" };
    expect(managerCommand(project(), npm)).toBe("npx verify-manager");
    expect(managerCommand(project(), {})).toBe("verify-manager");
  });
});
