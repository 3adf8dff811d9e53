import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { debug, makeRepo, runCli } from "../test/fixture.js";
import { parseConfig } from "./config.js";

// Gates reads an unchanged .verify/gates.yaml from a cache of validated configs (a stamp hit must
// not load zod and yaml). That cache decides what gates enforces, so it must be out of the
// agent's reach: a config the agent plants under the name its text hashes to is never used.
describe("the validated config cache", () => {
  it("is never kept in the working tree, and an entry planted there changes nothing", () => {
    const repo = makeRepo({ ".verify/gates.yaml": "scope:\n  block: [src/math.ts]\n" });
    repo.write("src/math.ts", `${repo.read("src/math.ts")}// touched\n`);
    const first = runCli(repo.dir, ["--only", "floor,scope"]);
    expect(first.code, debug(first)).toBe(1);
    expect(first.report?.findings.map((f) => f.stage)).toContain("scope");

    // Where the cache used to live: the project's node_modules/.cache, which the agent can write.
    const inTree = join(repo.dir, "node_modules", ".cache", "agent-verify");
    const left = existsSync(inTree) ? readdirSync(inTree) : [];
    expect(left).toEqual([]);

    // The agent plants the defaults (no blocked files) under every name an entry could have:
    // the ones the run just used, wherever gates keeps them now.
    const state = join(process.env.VERIFY_STATE_DIR ?? "", "validated");
    const names = existsSync(state) ? readdirSync(state) : [];
    expect(names.some((name) => name.startsWith("gates-config-"))).toBe(true);
    mkdirSync(inTree, { recursive: true });
    for (const name of names)
      writeFileSync(join(inTree, name), JSON.stringify(parseConfig(undefined, "planted")));

    const second = runCli(repo.dir, ["--only", "floor,scope"]);
    expect(second.code, debug(second)).toBe(1);
    expect(second.report?.findings.map((f) => f.stage)).toContain("scope");
  });
});
