import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { groupAlive, killGraceMs, killGroup } from "./proc.js";

function stateOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
  } catch {
    return undefined;
  }
}

describe("groupAlive (is anything of a stopped server's group still running)", () => {
  it("a group left with only a zombie is not alive: no signal moves it, and its reaper may be slow", async () => {
    // `setsid true` becomes a zombie in a group of its own: its parent execs `sleep`, which
    // never reaps it (an init that reaps orphans late leaves the same state behind).
    const parent = spawn("sh", ["-c", "setsid true & echo $!; exec sleep 30"], {
      detached: true,
      stdio: ["ignore", "pipe", "ignore"],
    });
    try {
      const zombie = await new Promise<number>((done) =>
        parent.stdout.once("data", (chunk: Buffer) => done(Number(String(chunk).trim()))),
      );
      for (let i = 0; i < 100 && stateOf(zombie) !== "Z"; i++)
        await new Promise((done) => setTimeout(done, 20));
      expect(stateOf(zombie)).toBe("Z");
      expect(killGroup(zombie, 0)).toBe(true); // the kernel still counts it in its group
      expect(groupAlive(zombie)).toBe(false);
      expect(groupAlive(parent.pid as number)).toBe(true); // `sleep` leads a live group
    } finally {
      parent.kill("SIGKILL");
    }
  });
});

describe("killGraceMs (the grace between SIGTERM and SIGKILL of a shared server)", () => {
  it.each([
    [undefined, 1500],
    ["", 1500],
    ["  ", 1500],
    ["300", 300],
    ["0", 0],
    ["12.6", 13],
    ["-5", 1500],
    ["soon", 1500],
    ["99999999999", 60_000],
  ])("VERIFY_WEB_SERVER_GRACE_MS=%j gives %d ms", (raw, expected) => {
    expect(killGraceMs(raw === undefined ? {} : { VERIFY_WEB_SERVER_GRACE_MS: raw })).toBe(
      expected,
    );
  });
});
