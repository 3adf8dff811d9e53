// Issue 48 §3: in a repository that installed agent-verify from its tarballs, verify-gates sits in
// the repository's own node_modules, where the agent being judged can rewrite it. The hooks
// `loop install` writes run a copy in the state folder: a stub in node_modules allows nothing.
// Only the tarballs from `pnpm run pack` are installed; nothing imports the monorepo's code.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { exec, type ExecOptions } from "./exec.js";

const A = "2b3c4d5e-6f70-4a81-9b2c-3d4e5f607182";
const NO_TOOLS = "commands:\n  typecheck: false\n  lint: false\n  format: false\n  test: false\n";
const temp: string[] = [];
const tarballs = inject("published").tarballs;

afterAll(() => {
  for (const dir of temp) rmSync(dir, { recursive: true, force: true });
});

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temp.push(dir);
  return dir;
}

/** A user's shell (none of turbo's or pnpm's settings), with its own state folder. */
function userEnv(state: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, VERIFY_STATE_DIR: state, BASE: "" };
  for (const key of Object.keys(env))
    if (/^(TURBO_|npm_|PNPM_|VITEST|NODE_OPTIONS$|CLAUDE)/.test(key)) delete env[key];
  return env;
}

function write(dir: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
}

describe("issue 48 §3: the hook's own verify-gates is out of the tree's reach", () => {
  it("agent-verify installed from the tarballs; the installed verify-gates rewritten as a stub; the next red stop is blocked", async () => {
    const dir = tempDir("agent-verify-e2e-loop-");
    const env = userEnv(tempDir("agent-verify-e2e-state-"));
    const opts = (extra: Partial<ExecOptions> = {}): ExecOptions => ({ cwd: dir, env, ...extra });
    write(dir, {
      "package.json": `${JSON.stringify({ name: "cart", version: "1.0.0", private: true, type: "module" }, null, 2)}\n`,
      ".gitignore": "node_modules/\n",
      ".verify/gates.yaml": NO_TOOLS,
      "src/math.js": "export const add = (a, b) => a + b;\n",
      "src/math.test.js": 'import { it } from "node:test";\nit("adds", () => {});\n',
    });
    const install = await exec(
      "npm",
      [
        "install",
        "--prefer-offline",
        "--no-audit",
        "--no-fund",
        "--save-dev",
        tarballs["@agent-verify/contract"] ?? "",
        tarballs["@agent-verify/gates"] ?? "",
      ],
      opts({ timeoutMs: 240_000 }),
    );
    expect(install.code, install.stderr).toBe(0);
    for (const args of [
      ["init", "-q", "-b", "main"],
      ["add", "-A"],
      ["-c", "user.name=u", "-c", "user.email=u@e", "commit", "-qm", "cart"],
      ["checkout", "-qb", "feature"],
    ])
      expect((await exec("git", args, opts())).code).toBe(0);

    const installed = join(dir, "node_modules", "@agent-verify", "gates", "bin", "verify-gates.js");
    const loopInstall = await exec("node", [installed, "loop", "install"], opts());
    expect(loopInstall.code, loopInstall.stderr).toBe(0);
    const settings = JSON.parse(readFileSync(join(dir, ".claude", "settings.json"), "utf8")) as {
      hooks: Record<string, Array<{ hooks: Array<{ command: string; onFailure?: string }> }>>;
    };
    const stopHook = settings.hooks.Stop?.[0]?.hooks[0];
    expect(stopHook?.onFailure).toBe("block");
    expect(stopHook?.command).not.toContain(dir);
    const slash = readFileSync(join(dir, ".claude", "commands", "verify-loop.md"), "utf8");
    const start = /```sh\n(.*loop start.*)\n```/.exec(slash)?.[1] ?? "";
    const agentShell = { ...env, CLAUDECODE: "1", CLAUDE_CODE_SESSION_ID: A };
    const armed = await exec(
      "sh",
      ["-c", start.replaceAll("${CLAUDE_SESSION_ID}", A).replace("$ARGUMENTS", "")],
      opts({ env: agentShell }),
    );
    expect(armed.code, armed.stderr).toBe(0);

    // The agent's red change, then its cheat: the installed bin rewritten to allow every stop.
    writeFileSync(
      join(dir, "src/math.test.js"),
      'import { it } from "node:test";\nit.on' + 'ly("adds", () => {});\n',
    );
    writeFileSync(installed, "#!/usr/bin/env node\nprocess.exit(0);\n");
    const payload = JSON.stringify({
      session_id: A,
      transcript_path: `/home/u/.claude/projects/p/${A}.jsonl`,
      cwd: dir,
      hook_event_name: "Stop",
      stop_hook_active: false,
    });
    const hook = await exec(
      "sh",
      ["-c", stopHook?.command ?? "false"],
      opts({ env: { ...env, CLAUDE_PROJECT_DIR: dir }, input: payload }),
    );
    expect(hook.code, hook.stderr).toBe(0);
    const answer = JSON.parse(hook.stdout) as { decision?: string; reason?: string };
    expect(answer.decision).toBe("block");
    expect(answer.reason).toContain("src/math.test.js:2 [floor/");
  });
});
