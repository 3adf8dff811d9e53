import { execFileSync } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { delimiter, dirname, join } from "node:path";

/** The real bd (VERIFY_BD, else PATH); the test fails, never skips, without it. */
export function bdBinary(): string {
  if (process.env.VERIFY_BD) return process.env.VERIFY_BD;
  for (const folder of (process.env.PATH ?? "").split(delimiter)) {
    try {
      accessSync(join(folder, "bd"), constants.X_OK);
      return join(folder, "bd");
    } catch {
      // keep looking
    }
  }
  throw new Error("bd not found: run scripts/install-bd.sh or set VERIFY_BD");
}

export interface TrackerIssue {
  id: string;
  title: string;
  status?: string;
  close_reason?: string;
}

/** A bd tracker someone already made (its .beads folder), read with the real bd. */
export interface TrackerReader {
  list(): TrackerIssue[];
  comments(id: string): Array<{ text: string }>;
}

/** The bd tracker in `beadsDir` (made by the README's commands, say), for reading back. */
export function openTracker(beadsDir: string, baseEnv: NodeJS.ProcessEnv): TrackerReader {
  const bin = bdBinary();
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(baseEnv))
    if (!/^(BD_|BEADS_)/.test(key)) env[key] = value;
  Object.assign(env, { BEADS_DIR: beadsDir, BD_DISABLE_METRICS: "1", BD_NON_INTERACTIVE: "1" });
  const bd = (args: string[]) =>
    execFileSync(bin, args, {
      cwd: dirname(beadsDir),
      env,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
      timeout: 60_000,
    });
  return {
    list: () => JSON.parse(bd(["list", "--all", "--json"])) as TrackerIssue[],
    comments: (id) => JSON.parse(bd(["comments", id, "--json"])) as Array<{ text: string }>,
  };
}
