// Issue 35 §2: the manager hands a ticket's held-out tests to gates (`--held-out`), the folder
// named on a `HELD-OUT:` line of the ticket's notes or description.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { makeFaultProject, type FaultProject } from "../../../test/helpers/fault-runner.js";
import { MemoryTracker } from "../../../test/helpers/memory-tracker.js";
import { killMarked } from "../../../test/helpers/processes.js";
import { gatesReport, scriptedGates } from "../../../test/helpers/scripted-gates.js";
import { verifyTicket } from "../verify-ticket.js";
import { ticketHeldOut } from "./held-out.js";

const scratch = mkdtempSync(join(tmpdir(), "vm-held-out-"));
const projects: FaultProject[] = [];
afterAll(() => {
  for (const project of projects) {
    killMarked(project.marker);
    rmSync(project.dir, { recursive: true, force: true });
  }
  rmSync(scratch, { recursive: true, force: true });
});

it("reads HELD-OUT lines of the notes and the description, nothing else", () => {
  expect(
    ticketHeldOut({
      notes: "context\nHELD-OUT: /srv/held/price\n- **HELD-OUT**: `/srv/held/cart`\n",
      description: "Fix discounts.\nheld-out: /srv/held/price\nthe held-out: tests are elsewhere\n",
    }),
  ).toEqual(["/srv/held/price", "/srv/held/cart"]);
  expect(ticketHeldOut({ notes: "", description: "no held-out tests here" })).toEqual([]);
});

it("a ticket's held-out folder goes to gates as --held-out; a ticket without one passes none", async () => {
  const gates = scriptedGates(scratch);
  gates.script(gatesReport(), gatesReport());
  const fault = makeFaultProject({
    timeoutS: 3,
    tickets: [`  gates_command: ${JSON.stringify(gates.command)}`, "  run_gates: always"],
  });
  projects.push(fault);
  writeFileSync(join(fault.dir, ".gitignore"), ".verify/*\n!.verify/workflows.yaml\n");
  const git = (...args: string[]) =>
    execFileSync("git", ["-c", "user.email=t@e", "-c", "user.name=t", ...args], {
      cwd: fault.dir,
      stdio: "ignore",
    });
  git("init", "-q");
  git("commit", "-q", "--allow-empty", "-m", "base");
  const tracker = new MemoryTracker();
  const verify = (id: string) =>
    verifyTicket({
      dir: fault.dir,
      id,
      tracker,
      env: process.env,
      timeoutGraceMs: 500,
      killGraceMs: 1000,
      warn: () => undefined,
    });
  const held = tracker.create({
    description: "Verify:\n- pass\n",
    notes: "HELD-OUT: /srv/held-out/discounts\n",
  });
  await verify(held);
  const plain = tracker.create({ description: "Verify:\n- pass\n" });
  await verify(plain);
  const [first, second] = gates.calls();
  expect(first?.slice(first.indexOf("--held-out"))).toEqual([
    "--held-out",
    "/srv/held-out/discounts",
  ]);
  expect(second).not.toContain("--held-out");
});
