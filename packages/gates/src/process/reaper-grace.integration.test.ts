// The reaper is a shell script: its grace comes from VERIFY_GATES_REAPER_GRACE_MS as the Node
// reaper read it (a positive whole number of ms, at most 60 s; anything else is 2 s), never as
// shell arithmetic would (010 is not octal 8).
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { REAPER_SCRIPT } from "./reaper.js";

/** The script up to its grace, then the grace it took. */
const graceOf = (value: string | undefined): string => {
  const head = REAPER_SCRIPT.slice(0, REAPER_SCRIPT.indexOf("\ngroups="));
  expect(head).toContain("grace=");
  const env = value === undefined ? {} : { VERIFY_GATES_REAPER_GRACE_MS: value };
  return execFileSync("/bin/sh", ["-c", `${head}\necho "$grace"`, "reaper", "MARK=1"], {
    env,
    encoding: "utf8",
  }).trim();
};

it("finds grep and sleep in the system's folders before a PATH the working tree may have put first", () => {
  const head = REAPER_SCRIPT.slice(0, REAPER_SCRIPT.indexOf("\ngroups="));
  const path = execFileSync("/bin/sh", ["-c", `${head}\necho "$PATH"`, "reaper", "MARK=1"], {
    env: { PATH: "/repo/node_modules/.bin" },
    encoding: "utf8",
  }).trim();
  expect(path).toBe("/usr/bin:/bin:/repo/node_modules/.bin");
});

describe("the reaper's grace", () => {
  it.each([
    [undefined, "2000"],
    ["", "2000"],
    ["200", "200"],
    ["0100", "100"],
    ["08", "8"],
    ["0", "2000"],
    ["000", "2000"],
    ["-5", "2000"],
    ["1e3", "2000"],
    ["2.5", "2000"],
    ["60000", "60000"],
    ["99999", "60000"],
  ])("%j -> %s ms", (value, grace) => {
    expect(graceOf(value)).toBe(grace);
  });
});
