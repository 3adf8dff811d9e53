import { chmodSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../../test/helpers/cli.js";
import { makeFaultProject, type FaultProject } from "../../test/helpers/fault-runner.js";
import { killPids, processesWithEnv, waitForNoneWithEnv } from "../../test/helpers/kill-run.js";

// bd missing, failing, hanging or printing garbage, as `verify-manager issue` meets it: one
// line naming the bd command, a hint, exit 2, no stack trace, and nothing written anywhere.
// Stand-ins, since the real bd cannot be made to fail on demand; each logs how it was called.

const project: FaultProject = makeFaultProject();
const calls = join(project.dir, "bd-calls.log");
const marker = `VERIFY_TEST_BD=${project.marker}`;

afterAll(() => {
  killPids(processesWithEnv(marker));
  rmSync(project.dir, { recursive: true, force: true });
});

function standIn(name: string, body: string): string {
  const file = join(project.dir, name);
  writeFileSync(file, `#!/bin/sh\necho "$*" >> ${JSON.stringify(calls)}\n${body}\n`);
  chmodSync(file, 0o755);
  return file;
}

const deep = `${"[".repeat(200_000)}${"]".repeat(200_000)}`;
const deepFile = join(project.dir, "deep.json");
writeFileSync(deepFile, `[{"id":"t-1","title":"x","extra":${deep}}]`);

const cases: Array<[string, string | null, RegExp]> = [
  ["missing", null, /^bd show t-1 --json --include-comments: bd not found \(.+\)$/],
  [
    "failing",
    'echo "Error: database is locked" >&2\nexit 1',
    /^bd show t-1 --json --include-comments failed \(exit 1\): Error: database is locked$/,
  ],
  [
    "hanging and ignoring SIGTERM",
    "trap '' TERM\nsleep 30 &\nwait\nwait",
    /^bd show t-1 --json --include-comments: timed out after 300 ms$/,
  ],
  [
    "printing garbage",
    'printf "hello\\nnot json\\n{"',
    /^bd show t-1 --json --include-comments: expected a JSON array, got "hello\\nnot json\\n\{"$/,
  ],
  [
    "printing the wrong JSON",
    'echo \'{"id":"t-1"}\'',
    /^bd show t-1 --json --include-comments: expected a JSON array, got .+$/,
  ],
  [
    "printing JSON nested 200k deep",
    `cat ${JSON.stringify(deepFile)}`,
    /^bd show t-1 --json --include-comments: .*nests deeper than 64 levels/,
  ],
];

describe("bd faults under `verify-manager issue`: one line, a hint, exit 2, nothing written", () => {
  it.each(cases)("bd %s", async (name, body, message) => {
    rmSync(calls, { force: true });
    const bin =
      body === null
        ? join(project.dir, "no-such-bd")
        : standIn(`bd-${name.replaceAll(" ", "-")}`, body);
    const [key = "", value = ""] = marker.split("=");
    const result = await runCli(["issue", "t-1", "--dir", project.dir], {
      env: {
        ...process.env,
        VERIFY_BD: bin,
        VERIFY_BD_TIMEOUT_MS: "300",
        VERIFY_BD_KILL_GRACE_MS: "300",
        [key]: value,
      },
    });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    const lines = result.stderr.split("\n").filter((line) => line !== "");
    expect(lines[0]?.replace(/^verify-manager: /, "")).toMatch(message);
    expect(lines[1]).toMatch(/^hint: \S/);
    // A missing bd says how to get one.
    if (body === null) expect(lines[1]).toContain("scripts/install-bd.sh");
    expect(lines).toHaveLength(2);
    // Only reads were tried: no comment, close or update; no file written in the project.
    const tried = existsSync(calls) ? readFileSync(calls, "utf8").trim().split("\n") : [];
    expect(
      tried.every((line) =>
        /^(show t-1 --json --include-comments|show t-1 --json|comments t-1 --json)$/.test(line),
      ),
    ).toBe(true);
    expect(readdirSync(join(project.dir, ".verify"))).toEqual(["workflows.yaml"]);
    // bd's group is gone; its watchdog leaves by itself once it has booted.
    expect(await waitForNoneWithEnv(marker, 10_000)).toEqual([]);
  });
});
