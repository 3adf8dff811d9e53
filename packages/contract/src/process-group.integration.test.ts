import { expect, it } from "vitest";

it("process-group: counts the live processes of a group, not the caller", async () => {
  // The built package, as the runner's web-server guard imports it.
  const { othersInGroup } = await import("@agent-verify/contract/process-group");
  const { spawn } = await import("node:child_process");
  const leader = spawn("sleep", ["30"], { detached: true, stdio: "ignore" });
  const pid = leader.pid as number;
  try {
    expect(othersInGroup(pid, -1)).toBe(1);
    expect(othersInGroup(pid, pid)).toBe(0);
  } finally {
    leader.kill("SIGKILL");
  }
});
