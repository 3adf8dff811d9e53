import { describe, expect, it } from "vitest";
import { runCliInProcess } from "../../test/cli-in-process.js";
import { debug } from "../../test/fixture.js";
import { makeToolRepo } from "../../test/tool-fixture.js";
import { loopOf } from "../../test/loop-state.js";

// Issue 46 §2: a change nothing could check is never reported as verified. The Stop hook's
// answer is what the agent and the user read: on such a run it must not say "gates passed".

const SESSION = "7d2e9f4a-1b3c-4d5e-8f6a-0b1c2d3e4f5a";
/** Only tsc is installed: no linter, formatter or test runner, and no tsconfig.json. */
const ONLY_TSC = {
  missing: ["tsgo", "eslint", "oxlint", "oxfmt", "biome", "prettier", "vitest", "jest"],
};
const PACKAGE = `${JSON.stringify({ name: "my-app", version: "1.0.0", scripts: {} }, null, 2)}\n`;
const PAGE = "<!doctype html>\n<title>My app</title>\n<h1>Counter</h1>\n";

const payload = (cwd: string) =>
  JSON.stringify({ session_id: SESSION, cwd, hook_event_name: "Stop", stop_hook_active: false });

describe("the Stop hook on a change nothing checked", () => {
  it("allows the stop but says the change was not verified, never 'gates passed'", async () => {
    const repo = makeToolRepo({ "package.json": PACKAGE, "index.html": PAGE }, ONLY_TSC);
    const started = await runCliInProcess(repo.dir, ["loop", "start", "--session", SESSION]);
    expect(started.code, debug(started)).toBe(0);
    repo.write("index.html", PAGE.replace("Counter", "My counter"));

    const stop = await runCliInProcess(repo.dir, ["hook"], {}, payload(repo.dir));
    expect(stop.code, debug(stop)).toBe(0);
    expect(stop.stdout).toBe("");
    expect(JSON.parse(repo.read(".verify/gates.json")).unchecked?.files).toEqual(["index.html"]);
    expect(stop.stderr).not.toContain("gates passed");
    expect(stop.stderr).toContain("allowing the stop: not verified: nothing checked index.html");
    expect(await loopOf(repo.dir, SESSION)).toMatchObject({ state: "passed", ended_by: "hook" });
  });
});
