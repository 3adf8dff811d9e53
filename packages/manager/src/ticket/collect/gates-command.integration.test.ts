import { mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { gatesReport, scriptedGates } from "../../../test/helpers/scripted-gates.js";
import { runGatesCommand } from "./gates-command.js";

// Issue 48 §6: the manager never takes a gates run of another folder as a ticket's evidence.
describe("a gates run of another folder is no evidence", () => {
  it("a report that names another folder is a setup problem; its own folder (or one above) is evidence", async () => {
    const dir = realpathSync(mkdtempSync(join(tmpdir(), "vm-gates-dir-")));
    const other = realpathSync(mkdtempSync(join(tmpdir(), "vm-gates-other-")));
    const gates = scriptedGates(dir);
    gates.script({ ...gatesReport(), project_dir: other });
    const refused = await runGatesCommand({ dir, command: gates.command });
    expect(refused.summary.status).toBe("error");
    expect(refused.failures.setup_error).toBe(
      `gates: the run verified ${other}, not this ticket's repository (${dir}): a run of another folder is no evidence`,
    );
    gates.script({ ...gatesReport(), project_dir: join(dir, "..") }, gatesReport());
    expect((await runGatesCommand({ dir, command: gates.command })).summary.status).toBe("pass");
  });

  it("an inherited VERIFY_PROJECT_DIR never reaches the gates command", async () => {
    const dir = realpathSync(mkdtempSync(join(tmpdir(), "vm-gates-env-")));
    const script = join(dir, "gates.mjs");
    // A gates that verifies VERIFY_PROJECT_DIR when it is set, and says which folder it verified.
    writeFileSync(
      script,
      `const report = ${JSON.stringify(gatesReport())};\nreport.project_dir = process.env.VERIFY_PROJECT_DIR || process.cwd();\nconsole.log(JSON.stringify(report));\n`,
    );
    const read = await runGatesCommand({
      dir,
      command: `node ${JSON.stringify(script)}`,
      env: { ...process.env, VERIFY_PROJECT_DIR: mkdtempSync(join(tmpdir(), "vm-gates-else-")) },
    });
    expect(read.failures.setup_error).toBeNull();
    expect(read.summary.status).toBe("pass");
  });
});
