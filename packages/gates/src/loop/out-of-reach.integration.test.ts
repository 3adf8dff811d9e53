import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { claudeCode, stop } from "../../test/claude-code.js";
import { runCliInProcess } from "../../test/cli-in-process.js";
import { debug, makeRepo, PKG, runCli } from "../../test/fixture.js";
import { openStore } from "../state/signed-store.js";

// Issue 35 §3: the agent can run any command and edit any file in the working tree; none of it
// ends its loop, lowers its cap or makes a red stop green. Every event goes through the hook
// commands `loop install` wrote, every agent command through the shell, as Claude Code runs them.
const A = "6a1d0c3e-2b4f-4c1a-9d8e-7f6a5b4c3d2e";
const NO_TOOLS = "commands:\n  typecheck: false\n  lint: false\n  format: false\n  test: false\n";

/**
 * Installed, A armed (max 4), a red change (a focused test) in the tree. `loop install` runs in
 * process (the same copy of this package in the state folder, the same record: loop.integration's
 * install case asserts the copy is the bin's); its process seam is the two vg-copy cases below.
 */
async function armedRed() {
  const repo = makeRepo({ ".verify/gates.yaml": NO_TOOLS });
  expect((await runCliInProcess(repo.dir, ["loop", "install"])).code).toBe(0);
  const claude = claudeCode(repo.dir);
  const armed = claude.verifyLoop(A, "--max-iterations 4");
  expect(armed.code, debug(armed)).toBe(0);
  repo.write("src/math.test.ts", repo.read("src/math.test.ts").replace("it(", "it.on" + "ly("));
  return { repo, claude };
}

type Settings = { hooks: Record<string, Array<{ hooks: Array<{ command: string }> }>> };
const decision = (stdout: string) => (stdout ? (JSON.parse(stdout) as { decision?: string }) : {});
/** The loop as `loop status` reports it (its argv → command path, in process). */
const loopJson = async (dir: string) =>
  JSON.parse(
    (await runCliInProcess(dir, ["loop", "status", "--session", A, "--json"])).stdout,
  ) as Record<string, unknown>;

describe("issue 35 §3: the loop's state is out of the working tree's reach", () => {
  it("deleting or forging .verify/ (loop files, the stamp) or a stub in node_modules/.bin ends nothing and makes nothing green", async () => {
    const { repo, claude } = await armedRed();
    // The hook runs the verify-gates loop install recorded, never a stub in node_modules/.bin.
    const settings = repo.read(".claude/settings.json");
    expect(settings).not.toContain("node_modules/.bin");
    const stub = join(repo.dir, "node_modules", ".bin", "verify-gates");
    writeFileSync(stub, "#!/bin/sh\necho STUB >&2\nexit 0\n", { mode: 0o755 });
    const blocked = claude.event(stop(A, repo.dir));
    expect(blocked.stderr).not.toContain("STUB");
    expect(decision(blocked.stdout).decision, debug(blocked)).toBe("block");
    expect(existsSync(stub)).toBe(true);
    // The red report names no stamp a forged .verify/green could copy.
    const report = JSON.parse(repo.read(".verify/gates.json")) as { stamp: unknown };
    expect(report.stamp).toBeNull();
    // The agent wipes .verify/ and forges what it can: an ended loop file, a green stamp.
    rmSync(join(repo.dir, ".verify", "agent-loops"), { recursive: true, force: true });
    repo.write(".verify/agent-loops/s." + A + ".json", JSON.stringify({ state: "capped" }));
    repo.write(".verify/green", `${"0".repeat(64)}\n`);
    repo.remove(".verify/agent-loop.log.jsonl");
    const again = claude.event(stop(A, repo.dir, true));
    expect(again.code, debug(again)).toBe(0);
    expect(decision(again.stdout).decision).toBe("block");
    expect(await loopJson(repo.dir)).toMatchObject({ iteration: 2, max_iterations: 4 });
  });

  it("a green run's stamp is kept in the state folder: .verify/green is a copy that is never read", async () => {
    const repo = makeRepo({ ".verify/gates.yaml": NO_TOOLS });
    repo.write("src/math.ts", `${repo.read("src/math.ts")}export const one = 1;\n`);
    const green = await runCliInProcess(repo.dir, ["--json"]);
    expect(green.code, debug(green)).toBe(0);
    const hash = (green.report as unknown as { stamp: { hash: string } }).stamp.hash;
    expect(repo.read(".verify/green").split("\n")[0]).toBe(hash);
    repo.remove(".verify/green");
    const rerun = await runCliInProcess(repo.dir, []);
    expect(rerun.report?.already_verified, debug(rerun)).toBe(true);
    // The same stamp copied onto a red tree: a full run, red.
    repo.write("src/math.test.ts", repo.read("src/math.test.ts").replace("it(", "it.on" + "ly("));
    const red = await runCliInProcess(repo.dir, []);
    repo.write(".verify/green", `${hash}\n`);
    const forged = await runCliInProcess(repo.dir, []);
    expect(red.code).toBe(1);
    expect(forged.code, debug(forged)).toBe(1);
    expect(forged.report?.already_verified).toBe(false);
  });

  it("a loop edited in the state folder without the key is not trusted: the stop stays blocked", async () => {
    const { repo, claude } = await armedRed();
    const file = join((await openStore(repo.dir, process.env)).dir, "loops", `s.${A}.json`);
    const signed = JSON.parse(readFileSync(file, "utf8")) as { body: object; mac: string };
    writeFileSync(
      file,
      JSON.stringify({ ...signed, body: { ...signed.body, state: "passed", max_iterations: 1 } }),
    );
    const tampered = claude.event(stop(A, repo.dir));
    expect(decision(tampered.stdout).decision, debug(tampered)).toBe("block");
    expect(JSON.parse(tampered.stdout).reason).toContain("its signature does not match");
    // The way out it names still works: escalated, the next stop is allowed, not verified.
    const escalated = claude.agentRuns(`loop escalate --session ${A} --reason "state broken"`);
    expect(escalated.code, debug(escalated)).toBe(0);
    expect(claude.event(stop(A, repo.dir)).stdout).toBe("");
    expect(await loopJson(repo.dir)).toMatchObject({ state: "needs_human", ended_by: "agent" });
  });

  it("loop stop and re-arming from inside the session end nothing; a person's stop is recorded as theirs", async () => {
    const { repo, claude } = await armedRed();
    expect(decision(claude.event(stop(A, repo.dir)).stdout).decision).toBe("block");
    // Re-armed with a lower cap (issue 48 §2): the loop goes on, its count and cap kept.
    const rearmed = claude.verifyLoop(A, "--max-iterations 1");
    expect(rearmed.code, debug(rearmed)).toBe(0);
    expect(rearmed.stdout).toContain("goes on at iteration 1, its cap of 4 kept");
    // Issue 48 §1: a stop from inside the gated session is refused, naming escalate.
    const stopped = claude.agentRuns("loop stop", A);
    expect(stopped.code, debug(stopped)).toBe(2);
    expect(stopped.stderr).toContain(`verify-gates loop escalate --session ${A}`);
    expect(await loopJson(repo.dir)).toMatchObject({ iteration: 1, max_iterations: 4 });
    expect((await loopJson(repo.dir)).state ?? "active").toBe("active");
    // A person in a terminal (no CLAUDECODE) can still stop a loop; the record says it was them.
    const person = await runCliInProcess(repo.dir, ["loop", "stop", "--session", A], {
      CLAUDECODE: "",
    });
    expect(person.stdout).toContain("disarmed by the user");
    // The visible log says so too (the signed one in the state folder is the one trusted).
    const log = repo
      .read(".verify/agent-loop.log.jsonl")
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l) as { outcome: string; ended_by?: string });
    expect(log.map((e) => [e.outcome, e.ended_by])).toEqual([
      ["blocked", undefined],
      ["disarmed", "user"],
    ]);
  });

  it("the next loop start sees a capped loop; a capped record is red", async () => {
    const { repo, claude } = await armedRed();
    const env = { CLAUDE_CODE_STOP_HOOK_BLOCK_CAP: "2" };
    const capped = claudeCode(repo.dir, env);
    expect(decision(capped.event(stop(A, repo.dir)).stdout).decision).toBe("block");
    const last = capped.event(stop(A, repo.dir, true));
    expect(JSON.parse(last.stdout)).toHaveProperty("systemMessage");
    expect(await loopJson(repo.dir)).toMatchObject({
      state: "capped",
      capped_by: "agent_block_cap",
      last_status: "fail",
    });
    const next = claude.verifyLoop(A);
    expect(next.stderr).toContain("ended capped (agent_block_cap) by the hook");
  });

  it("a verify-gates package file changed in the working tree blocks the hook, naming the file", () => {
    // verify-gates installed inside the tree (node_modules), as a user's repo has it.
    const repo = makeRepo({ ".verify/gates.yaml": NO_TOOLS });
    const pkg = join(repo.dir, "node_modules", "vg-copy");
    for (const part of ["bin", "dist", "package.json"])
      cpSync(join(PKG, part), join(pkg, part), { recursive: true });
    symlinkSync(join(PKG, "node_modules"), join(pkg, "node_modules"));
    const bin = join(pkg, "bin", "verify-gates.js");
    const install = runCli(repo.dir, ["loop", "install"], {}, undefined, bin);
    expect(install.code, debug(install)).toBe(0);
    // The hooks run a copy in the state folder, not the file in the tree (issue 48 §3).
    expect(repo.read(".claude/settings.json")).not.toContain(`'${realpathSync(bin)}' hook`);
    const claude = claudeCode(repo.dir);
    expect(claude.verifyLoop(A).code).toBe(0);
    // Untouched, the package judges as usual: a red change is blocked for what is red.
    const test = repo.read("src/math.test.ts");
    repo.write("src/math.test.ts", test.replace("it(", "it.on" + "ly("));
    const red = claude.event(stop(A, repo.dir));
    expect(decision(red.stdout).decision, debug(red)).toBe("block");
    expect(JSON.parse(red.stdout).reason).toContain("src/math.test.ts:4 [floor/");
    // Issue 48 §3: the agent rewrites the installed bin as a stub that allows every stop. The
    // hooks run the copy loop install made in the state folder: the red stop stays blocked.
    writeFileSync(bin, "#!/usr/bin/env node\nprocess.exit(0);\n");
    const stubbed = claude.event(stop(A, repo.dir, true));
    expect(decision(stubbed.stdout).decision, debug(stubbed)).toBe("block");
    expect(JSON.parse(stubbed.stdout).reason).toContain("src/math.test.ts:4 [floor/");
    // A green change, but one file of the copy the hooks run edited: blocked, the file named.
    repo.write("src/math.test.ts", test);
    const ran = /^'(.+)\/bin\/verify-gates\.js' hook$/.exec(
      (JSON.parse(repo.read(".claude/settings.json")) as Settings).hooks.Stop?.[0]?.hooks[0]
        ?.command ?? "",
    )?.[1];
    expect(ran?.startsWith(repo.dir)).toBe(false);
    const hook = join(ran ?? "", "dist", "loop", "hook.js");
    writeFileSync(hook, `${readFileSync(hook, "utf8")}// allow every stop\n`);
    const blocked = claude.event(stop(A, repo.dir));
    expect(decision(blocked.stdout).decision, debug(blocked)).toBe("block");
    expect(JSON.parse(blocked.stdout).reason).toContain("does not match its digest");
    expect(JSON.parse(blocked.stdout).reason).toContain("dist/loop/hook.js changed");
  });

  it("a package verify-gates loads (the TypeScript API) changed in the tree blocks the hook before it loads", () => {
    // verify-gates in the tree with its own copy of typescript, as npm hoists it into a user's repo.
    const repo = makeRepo({ ".verify/gates.yaml": NO_TOOLS });
    const pkg = join(repo.dir, "node_modules", "vg-copy");
    for (const part of ["bin", "dist", "package.json"])
      cpSync(join(PKG, part), join(pkg, part), { recursive: true });
    const modules = join(pkg, "node_modules");
    mkdirSync(modules);
    for (const name of readdirSync(join(PKG, "node_modules")))
      if (name !== "typescript") symlinkSync(join(PKG, "node_modules", name), join(modules, name));
    cpSync(realpathSync(join(PKG, "node_modules", "typescript")), join(modules, "typescript"), {
      recursive: true,
    });
    const bin = join(pkg, "bin", "verify-gates.js");
    expect(runCli(repo.dir, ["loop", "install"], {}, undefined, bin).code).toBe(0);
    const claude = claudeCode(repo.dir);
    expect(claude.verifyLoop(A).code).toBe(0);
    // Untouched, a red change to a source file (parsed with the TypeScript API) is blocked for it.
    const source = repo.read("src/math.ts");
    repo.write("src/math.ts", `${source}if (process.env.VITEST) console.log("under test");\n`);
    const red = claude.event(stop(A, repo.dir));
    expect(decision(red.stdout).decision, debug(red)).toBe("block");
    expect(JSON.parse(red.stdout).reason).toContain("test-runner-branch");
    // The change made green, and typescript.js patched to run code in the hook's process.
    repo.write("src/math.ts", `${source}export const two = 2;\n`);
    const marker = join(repo.dir, "node_modules", "typescript-ran");
    const ts = join(modules, "typescript", "lib", "typescript.js");
    writeFileSync(
      ts,
      `${readFileSync(ts, "utf8")}\nrequire("node:fs").writeFileSync(${JSON.stringify(marker)}, "ran");\n`,
    );
    const blocked = claude.event(stop(A, repo.dir));
    expect(decision(blocked.stdout).decision, debug(blocked)).toBe("block");
    expect(JSON.parse(blocked.stdout).reason).toContain(
      "the installed verify-gates was changed since loop install: lib/typescript.js of typescript@",
    );
    expect(existsSync(marker)).toBe(false);
  });
});
