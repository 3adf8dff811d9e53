import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { stop } from "../../test/claude-code.js";
import { codex, cursor, fire, gemini } from "../../test/coding-agents.js";
import { debug, makeRepo, runCli, type Repo } from "../../test/fixture.js";

// Issue 49 §2: the pre-edit guard through each agent's installed pre-edit hook: an edit to a
// file the loop's oracle holds is denied before it happens; a source file, a test the task
// declares it changes, and a session without a loop are allowed; a shell write still meets the Stop.
const S = "3a4b5c6d-7e8f-4a0b-9c1d-2e3f4a5b6c7d";
const OTHER = "ffeeddcc-bbaa-4998-8776-554433221100";
const NO_TOOLS = "commands:\n  typecheck: false\n  lint: false\n  format: false\n  test: false\n";
const DECLARED = 'import { it } from "vitest";\n\nit("rounds down", () => {});\n';
const TASK = [
  "TASK_ID: T-49",
  "## TESTS",
  "- file: src/rounding.test.ts",
  "  action: modify",
  "  reason: the rounding rule changes with this task",
  "",
].join("\n");

const claudeEdit = (session: string, cwd: string, tool: string, path: string) => ({
  session_id: session,
  transcript_path: `/home/u/.claude/projects/p/${session}.jsonl`,
  cwd,
  permission_mode: "default",
  hook_event_name: "PreToolUse",
  tool_name: tool,
  tool_input: { file_path: path, old_string: "a", new_string: "b" },
  tool_use_id: "toolu_01",
});

describe("the pre-edit guard", () => {
  let repo: Repo;
  const edit = (tool: string, path: string, session = S) =>
    fire(repo.dir, "claude", "PreToolUse", claudeEdit(session, repo.dir, tool, path));

  beforeAll(() => {
    repo = makeRepo({ ".verify/gates.yaml": NO_TOOLS, "src/rounding.test.ts": DECLARED });
    const install = runCli(repo.dir, ["loop", "install", "--agent", "claude,codex,cursor,gemini"]);
    expect(install.code, debug(install)).toBe(0);
    const task = join(mkdtempSync(join(tmpdir(), "gates-task-")), "TASK.md");
    writeFileSync(task, TASK);
    const armed = runCli(repo.dir, ["loop", "start", "--session", S, "--task-file", task]);
    expect(armed.code, debug(armed)).toBe(0);
  });

  it("Claude Code: an edit to an oracle test or to .verify/ is denied, naming ## TESTS and loop escalate", () => {
    const denied = edit("Edit", join(repo.dir, "src/math.test.ts"));
    expect(denied.code, debug(denied)).toBe(0);
    const out = JSON.parse(denied.stdout) as {
      hookSpecificOutput: {
        hookEventName: string;
        permissionDecision: string;
        permissionDecisionReason: string;
      };
    };
    expect(out.hookSpecificOutput).toMatchObject({
      hookEventName: "PreToolUse",
      permissionDecision: "deny",
    });
    const reason = out.hookSpecificOutput.permissionDecisionReason;
    expect(reason).toContain("src/math.test.ts is part of the loop's oracle (test)");
    expect(reason).toContain("The test as the task began decides");
    expect(reason).toContain("## TESTS");
    expect(reason).toContain(`verify-gates loop escalate --session ${S}`);
    const config = edit("Write", join(repo.dir, ".verify/gates.yaml"));
    expect(JSON.parse(config.stdout).hookSpecificOutput.permissionDecision).toBe("deny");
    const settings = edit("MultiEdit", "vitest.config.ts");
    expect(JSON.parse(settings.stdout).hookSpecificOutput.permissionDecision).toBe("deny");
  });

  it("Claude Code: a source file, a new test, a declared test change and a session without a loop are allowed silently", () => {
    for (const [path, session] of [
      [join(repo.dir, "src/math.ts"), S],
      ["src/extra.test.ts", S],
      [join(repo.dir, "src/rounding.test.ts"), S],
      [join(repo.dir, "src/math.test.ts"), OTHER],
    ] as const) {
      const allowed = edit("Edit", path, session);
      expect(allowed.code, debug(allowed)).toBe(0);
      expect(allowed.stdout, path).toBe("");
    }
  });

  it("Codex, Cursor and Gemini CLI: the same edit is denied in each one's format", () => {
    const patch = fire(
      repo.dir,
      "codex",
      "PreToolUse",
      codex.patch(S, repo.dir, "src/math.test.ts"),
    );
    expect(JSON.parse(patch.stdout).hookSpecificOutput).toMatchObject({
      permissionDecision: "deny",
      permissionDecisionReason: expect.stringContaining("src/math.test.ts is part of"),
    });
    const write = fire(
      repo.dir,
      "cursor",
      "preToolUse",
      cursor.write(S, repo.dir, join(repo.dir, "src/math.test.ts")),
    );
    expect(JSON.parse(write.stdout)).toMatchObject({
      permission: "deny",
      agent_message: expect.stringContaining("loop escalate"),
    });
    const replace = fire(
      repo.dir,
      "gemini",
      "BeforeTool",
      gemini.replace(S, repo.dir, join(repo.dir, "src/math.test.ts")),
    );
    expect(JSON.parse(replace.stdout)).toMatchObject({
      decision: "deny",
      reason: expect.stringContaining("## TESTS"),
    });
    // A source file passes each of them.
    expect(
      fire(repo.dir, "codex", "PreToolUse", codex.patch(S, repo.dir, "src/math.ts")).stdout,
    ).toBe("");
    expect(
      fire(repo.dir, "gemini", "BeforeTool", gemini.replace(S, repo.dir, "src/math.ts")).stdout,
    ).toBe("{}\n");
  });

  it("a shell write to the test (no edit tool, no guard) is still blocked at the Stop", () => {
    repo.write("src/math.test.ts", repo.read("src/math.test.ts").replace("it(", "it.sk" + "ip("));
    const stopped = fire(repo.dir, "claude", "Stop", stop(S, repo.dir));
    expect(stopped.code, debug(stopped)).toBe(0);
    const answer = JSON.parse(stopped.stdout) as { decision: string; reason: string };
    expect(answer.decision).toBe("block");
    expect(answer.reason).toContain("src/math.test.ts");
  });
});
