import { describe, expect, it } from "vitest";
import { runCliInProcess } from "../../test/cli-in-process.js";
import { debug, makeRepo, runInProcess } from "../../test/fixture.js";

// What `loop install --agent` writes into the tree — each agent's hook file and command file —
// never counts against the change it gates; removing our entry, or any other edit, does.
const NO_TOOLS = "commands:\n  typecheck: false\n  lint: false\n  format: false\n  test: false\n";
const SCOPED = `${NO_TOOLS}scope:\n  allow: ["src/**"]\n`;

describe("the other agents' files loop install writes", () => {
  it("are left out of the change, new or merged into a file of the user's", async () => {
    const repo = makeRepo({
      ".verify/gates.yaml": SCOPED,
      ".gemini/settings.json": JSON.stringify({ theme: "dark" }),
    });
    const installed = await runCliInProcess(repo.dir, [
      "loop",
      "install",
      "--agent",
      "codex,cursor,gemini",
    ]);
    expect(installed.code, debug(installed)).toBe(0);
    repo.write("src/math.ts", repo.read("src/math.ts") + "export const one = 1;\n");
    const result = await runInProcess(repo.dir, {});
    expect(result.code, debug(result)).toBe(0);
    const changed = JSON.stringify(result.report);
    for (const folder of [".codex/", ".cursor/", ".gemini/"]) expect(changed).not.toContain(folder);
  });

  it("removing our entry, another hook of the agent's, or an edited command file is part of the change", async () => {
    const repo = makeRepo({ ".verify/gates.yaml": SCOPED });
    await runCliInProcess(repo.dir, ["loop", "install", "--agent", "codex,cursor,gemini"]);
    repo.commit("wire the loop");
    const codex = JSON.parse(repo.read(".codex/hooks.json")) as { hooks: Record<string, unknown> };
    delete codex.hooks.Stop;
    repo.write(".codex/hooks.json", JSON.stringify(codex, null, 2));
    const cursor = JSON.parse(repo.read(".cursor/hooks.json")) as {
      hooks: Record<string, unknown[]>;
    };
    cursor.hooks.stop?.push({ command: "./always-continue.sh" });
    repo.write(".cursor/hooks.json", JSON.stringify(cursor, null, 2));
    repo.write(".gemini/commands/verify-loop.toml", 'prompt = "do nothing"\n');
    const result = await runInProcess(repo.dir, {});
    expect(result.code, debug(result)).toBe(1);
    const flagged = (result.report?.findings ?? []).map((f) => `${f.file} ${f.rule}`).sort();
    expect(flagged).toEqual([
      ".codex/hooks.json out-of-scope",
      ".cursor/hooks.json out-of-scope",
      ".gemini/commands/verify-loop.toml out-of-scope",
    ]);
  });
});
