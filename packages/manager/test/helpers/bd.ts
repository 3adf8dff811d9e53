import { execFileSync } from "node:child_process";
import {
  accessSync,
  constants,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { inject } from "vitest";

/** The real bd: VERIFY_BD, else PATH. Tests fail (not skip) when it is missing. */
export function bdBinary(): string {
  const explicit = process.env.VERIFY_BD;
  if (explicit) return explicit;
  for (const folder of (process.env.PATH ?? "").split(delimiter)) {
    const candidate = join(folder, "bd");
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // keep looking
    }
  }
  throw new Error(
    "bd not found: run scripts/install-bd.sh or set VERIFY_BD (these tests need the real bd)",
  );
}

export interface TempTracker {
  root: string;
  /** Env for bd and for verify-manager: clean HOME, this tracker only, no telemetry. */
  env: NodeJS.ProcessEnv;
  bd(args: string[]): string;
  create(title: string, description: string): string;
  /**
   * Many issues in one `bd create -f` (one bd process, ~1 s of CPU, not one per issue): their
   * ids by title. bd trims a description's trailing newline: for fixtures whose text no test
   * asserts.
   */
  createMany(issues: Array<{ title: string; description: string }>): Map<string, string>;
  showJson(id: string): Record<string, unknown>;
  comments(id: string): Array<{ text: string; author: string }>;
  /** The issue and its comments in one `bd show <id> --json --include-comments` (none: []). */
  showWithComments(id: string): Record<string, unknown> & {
    comments: Array<{ text: string; author: string }>;
  };
  cleanup(): void;
}

function isolatedEnv(root: string, bin: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!/^(BD_|BEADS_)/.test(key)) env[key] = value;
  }
  return {
    ...env,
    HOME: join(root, "home"),
    BEADS_DIR: join(root, ".beads"),
    BEADS_ACTOR: "verify-test",
    BD_EXPORT_AUTO: "false",
    BD_DISABLE_METRICS: "1",
    BD_NON_INTERACTIVE: "1",
    BEADS_DOLT_AUTO_START: "0",
    VERIFY_BD: bin,
  };
}

function bdIn(root: string, bin: string, timeoutMs = 60_000): (args: string[]) => string {
  const env = isolatedEnv(root, bin);
  return (args) =>
    execFileSync(bin, args, {
      cwd: root,
      env,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
      timeout: timeoutMs,
    });
}

/**
 * `bd init` costs ~4 s of CPU: on a machine shared with other suites it has taken over a
 * minute. It gets almost all of the hook's 120 s (vitest.config.ts), and so do those waiting.
 */
const INIT_TIMEOUT_MS = 110_000;

/** `bd init` with every side effect turned off: a tracker in `root/.beads`, bd's HOME in `root/home`. */
function initTracker(root: string, bin: string, prefix: string): void {
  mkdirSync(join(root, "home"), { recursive: true });
  bdIn(
    root,
    bin,
    INIT_TIMEOUT_MS,
  )([
    "init",
    "--prefix",
    prefix,
    "--quiet",
    "--non-interactive",
    "--skip-hooks",
    "--skip-agents",
    "--stealth",
  ]);
}

/** Block this worker for `ms` (the helpers are synchronous, like the execFileSync they wrap). */
function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

const TEMPLATE_WAIT_MS = INIT_TIMEOUT_MS;

/**
 * A tracker `bd init` made in this run (test/bd-template-setup.ts), one per prefix. The first
 * worker to want one claims it (mkdir) and builds it; the others wait for it rather than pay
 * a second `bd init` (~2 s of CPU) that would be thrown away.
 */
function template(bin: string, prefix: string): string | undefined {
  const folder = inject("bdTemplates");
  if (!folder) return undefined;
  const ready = join(folder, prefix);
  if (existsSync(join(ready, ".beads"))) return ready;
  const failed = join(folder, `failed-${prefix}`);
  let claimed = false;
  try {
    mkdirSync(join(folder, `claim-${prefix}`));
    claimed = true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  if (!claimed) {
    const deadline = Date.now() + TEMPLATE_WAIT_MS;
    while (!existsSync(join(ready, ".beads"))) {
      if (existsSync(failed)) throw new Error(readFileSync(failed, "utf8"));
      if (Date.now() > deadline)
        throw new Error(`no bd template '${prefix}' after ${TEMPLATE_WAIT_MS / 1000} s`);
      sleepSync(50);
    }
    return ready;
  }
  const building = mkdtempSync(join(folder, `building-${prefix}-`));
  try {
    initTracker(building, bin, prefix);
  } catch (error) {
    writeFileSync(failed, `bd init of the '${prefix}' template failed: ${String(error)}`);
    throw error;
  }
  renameSync(building, ready);
  return ready;
}

/** A throwaway tracker in a temp folder: a copy of a fresh `bd init` of this run. */
export function makeTracker(prefix = "t"): TempTracker {
  const bin = bdBinary();
  const root = mkdtempSync(join(tmpdir(), "vm-bd-"));
  const made = template(bin, prefix);
  if (made) cpSync(made, root, { recursive: true });
  else initTracker(root, bin, prefix);
  const env = isolatedEnv(root, bin);
  const bd = bdIn(root, bin);
  const tracker: TempTracker = {
    root,
    env,
    bd,
    create(title, description) {
      return bd(["create", title, "--description", description, "--silent"]).trim();
    },
    createMany(issues) {
      const file = join(root, `create-many-${Date.now()}.md`);
      const section = (issue: { title: string; description: string }) =>
        `## ${issue.title}\n\n### Description\n${issue.description}\n`;
      writeFileSync(file, issues.map(section).join("\n"));
      const made = JSON.parse(bd(["create", "-f", file, "--json"])) as Array<{
        id: string;
        title: string;
      }>;
      rmSync(file);
      const ids = new Map(made.map((issue) => [issue.title, issue.id]));
      const missing = issues.filter((issue) => !ids.has(issue.title)).map((issue) => issue.title);
      if (missing.length > 0)
        throw new Error(`bd create -f made no issue titled ${missing.join(", ")}`);
      return ids;
    },
    showJson(id) {
      const [issue] = JSON.parse(bd(["show", id, "--json"])) as Array<Record<string, unknown>>;
      if (!issue) throw new Error(`bd show ${id} returned nothing`);
      return issue;
    },
    comments(id) {
      return JSON.parse(bd(["comments", id, "--json"])) as Array<{ text: string; author: string }>;
    },
    showWithComments(id) {
      const [issue] = JSON.parse(bd(["show", id, "--json", "--include-comments"])) as Array<
        Record<string, unknown>
      >;
      if (!issue) throw new Error(`bd show ${id} returned nothing`);
      const comments = (issue.comments ?? []) as Array<{ text: string; author: string }>;
      return { ...issue, comments };
    },
    cleanup() {
      rmSync(root, { recursive: true, force: true });
    },
  };
  return tracker;
}
