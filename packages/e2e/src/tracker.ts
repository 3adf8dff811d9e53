import { execFileSync } from "node:child_process";
import { accessSync, constants, mkdirSync } from "node:fs";
import { delimiter, join } from "node:path";

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

export interface Tracker {
  env: NodeJS.ProcessEnv;
  create(title: string, description: string): string;
  show(id: string): { status?: string; close_reason?: string };
  comments(id: string): Array<{ text: string }>;
}

/** A bd tracker in `root/.beads`, every side effect of `bd init` off; `env` selects it. */
export function makeTracker(root: string, baseEnv: NodeJS.ProcessEnv): Tracker {
  const bin = bdBinary();
  mkdirSync(join(root, "home"), { recursive: true });
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(baseEnv))
    if (!/^(BD_|BEADS_)/.test(key)) env[key] = value;
  Object.assign(env, {
    BEADS_DIR: join(root, ".beads"),
    BEADS_ACTOR: "e2e",
    BD_DISABLE_METRICS: "1",
    BD_EXPORT_AUTO: "false",
    BD_NON_INTERACTIVE: "1",
    VERIFY_BD: bin,
    HOME: join(root, "home"),
  });
  const bd = (args: string[]) =>
    execFileSync(bin, args, {
      cwd: root,
      env,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
      timeout: 60_000,
    });
  bd([
    "init",
    "--prefix",
    "todo",
    "--quiet",
    "--non-interactive",
    "--skip-hooks",
    "--skip-agents",
    "--stealth",
  ]);
  return {
    env,
    create: (title, description) =>
      bd(["create", title, "--description", description, "--silent"]).trim(),
    show: (id) =>
      (
        JSON.parse(bd(["show", id, "--json"])) as Array<{ status?: string; close_reason?: string }>
      )[0] ?? {},
    comments: (id) => JSON.parse(bd(["comments", id, "--json"])) as Array<{ text: string }>,
  };
}
