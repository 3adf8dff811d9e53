import {
  BrowserCheckInputSchema,
  DoctorReportSchema,
  type CheckStatus,
  type DoctorCheck,
  type DoctorReport,
  type Manifest,
  staticServerUrl,
  staticWebServer,
} from "@agent-verify/contract";
import { ManagerError } from "../errors.js";
import { listFlows } from "../flows/list.js";
import { readManifest } from "../flows/manifest.js";
import { runChild } from "../supervise/child.js";
import { substituteFlow } from "../supervise/shell-quote.js";
import { execBd } from "../tracker/bd-exec.js";
import { isExecutable, onPath } from "./executables.js";
import { loopChecks } from "./loop-checks.js";

export type { CheckStatus, DoctorReport };
export type Check = DoctorCheck;

export interface DoctorOptions {
  dir: string;
  env?: NodeJS.ProcessEnv | undefined;
}

const BROWSER_NAMES = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"];

function check(
  name: string,
  status: CheckStatus,
  detail: string,
  hint: string | null = null,
): Check {
  return { name, status, detail, hint };
}

/** A guess for runners without `--check-browser`: the runner's documented order (env, manifest, PATH). */
export function guessBrowser(manifest: Manifest, env: NodeJS.ProcessEnv): Check {
  const ws = env.VERIFY_BROWSER_WS_ENDPOINT || manifest.browser?.ws_endpoint;
  if (ws) return check("browser", "ok", `connects to a running browser at ${ws}`);
  const explicit = env.VERIFY_BROWSER_PATH || manifest.browser?.executable_path;
  if (explicit) {
    return isExecutable(explicit)
      ? check("browser", "ok", explicit)
      : check(
          "browser",
          "fail",
          `${explicit} is not an executable file`,
          "fix VERIFY_BROWSER_PATH or browser.executable_path",
        );
  }
  for (const name of BROWSER_NAMES) {
    const found = onPath(name, env);
    if (found) return check("browser", "ok", `${found} (from PATH)`);
  }
  return check(
    "browser",
    "fail",
    "no Chromium found on PATH",
    "apt-get install chromium, or set VERIFY_BROWSER_PATH",
  );
}

/** Ask the runner which browser a run would use and whether it starts (`{flow}` = `--check-browser`). */
export async function browserCheck(
  dir: string,
  manifest: Manifest,
  env: NodeJS.ProcessEnv,
): Promise<Check> {
  const child = await runChild({
    command: substituteFlow(manifest.runner_command, "--check-browser"),
    cwd: dir,
    env,
    timeoutMs: 60_000,
  });
  let value: unknown;
  try {
    value = JSON.parse(child.stdout);
  } catch {
    value = undefined;
  }
  const parsed = BrowserCheckInputSchema.safeParse(value);
  if (!parsed.success) {
    const guess = guessBrowser(manifest, env);
    const detail = `the runner does not answer --check-browser; by its documented rules: ${guess.detail}`;
    return check("browser", guess.status === "fail" ? "fail" : "warn", detail, guess.hint);
  }
  const result = parsed.data;
  if (!result.ok) {
    return check(
      "browser",
      "fail",
      result.error ?? "the runner cannot start its browser",
      result.hint ?? null,
    );
  }
  const where = result.executable_path ?? result.ws_endpoint ?? "?";
  const version = result.version ? ` ${result.version}` : "";
  return check(
    "browser",
    "ok",
    `${where}${version}${result.source ? ` (from ${result.source})` : ""}`,
  );
}

/** What the runner does about a base URL that does not answer, by the manifest's web_server. */
function serverPlan(server: NonNullable<Manifest["web_server"]>): string {
  const served = staticWebServer(server);
  return served
    ? `the runner will serve '${served.static}' on ${staticServerUrl(served.port)} itself (web_server.static)`
    : `the runner will start: ${server.command ?? "(no command)"}`;
}

export async function baseUrlCheck(manifest: Manifest, env: NodeJS.ProcessEnv): Promise<Check> {
  const url = env.VERIFY_BASE_URL || manifest.base_url;
  if (!url) return check("base_url", "ok", "not set (flows do not need a web app)");
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(3000), redirect: "manual" });
    return check("base_url", "ok", `${url} answers (HTTP ${response.status})`);
  } catch (error) {
    const why = (error as Error).message;
    // `init --static`: nothing is meant to answer before a run, the runner serves the folder.
    if (manifest.web_server && staticWebServer(manifest.web_server)) {
      return check(
        "base_url",
        "ok",
        `${url} is not up between runs, as expected: ${serverPlan(manifest.web_server)}`,
      );
    }
    if (manifest.web_server) {
      return check(
        "base_url",
        "warn",
        `${url} does not answer (${why}); ${serverPlan(manifest.web_server)}`,
      );
    }
    return check(
      "base_url",
      "fail",
      `${url} does not answer (${why})`,
      "start the app, set VERIFY_BASE_URL, or add web_server to the manifest",
    );
  }
}

export async function bdChecks(dir: string, env: NodeJS.ProcessEnv): Promise<Check[]> {
  const bin = env.VERIFY_BD || "bd";
  const call = (args: string[]) =>
    execBd({ bin, args, cwd: dir, env, timeoutMs: 30_000, killGraceMs: 5000 });
  const version = await call(["version"]);
  if (version.spawnErrorCode !== null) {
    return [
      check(
        "bd",
        "fail",
        `${bin} not found (${version.spawnErrorCode})`,
        "run scripts/install-bd.sh or set VERIFY_BD",
      ),
    ];
  }
  if (version.exitCode !== 0)
    return [check("bd", "fail", `${bin} version failed: ${version.stderr.trim().slice(0, 200)}`)];
  const checks = [check("bd", "ok", version.stdout.trim().split("\n")[0] ?? bin)];
  const list = await call(["list", "--json", "--limit", "1"]);
  checks.push(
    list.exitCode === 0
      ? check("tracker", "ok", env.BEADS_DIR ? `BEADS_DIR=${env.BEADS_DIR}` : `found from ${dir}`)
      : check(
          "tracker",
          "fail",
          (list.stderr.trim() || list.stdout.trim()).split("\n")[0] ?? "bd list failed",
          "run bd init, or set BEADS_DIR to the tracker's .beads folder",
        ),
  );
  return checks;
}

/** `verify-manager doctor`: everything a run and an issue verification depend on. */
export async function doctor(options: DoctorOptions): Promise<DoctorReport> {
  const env = options.env ?? process.env;
  const checks: Check[] = [];
  let manifest: Manifest | undefined;
  try {
    manifest = readManifest(options.dir);
    checks.push(check("manifest", "ok", `${manifest.flows.length} flows declared`));
  } catch (error) {
    if (!(error instanceof ManagerError)) throw error;
    checks.push(check("manifest", "fail", error.message, error.hint ?? null));
  }
  if (manifest) {
    try {
      const listed = await listFlows(options.dir, manifest, { env });
      const implemented = listed.filter((flow) => flow.implemented).length;
      const status = implemented === listed.length ? "ok" : "warn";
      checks.push(
        check("runner --list", status, `${listed.length} flows listed, ${implemented} implemented`),
      );
    } catch (error) {
      if (!(error instanceof ManagerError)) throw error;
      checks.push(check("runner --list", "fail", error.message, error.hint ?? null));
    }
    checks.push(await browserCheck(options.dir, manifest, env));
    checks.push(await baseUrlCheck(manifest, env));
  }
  checks.push(...(await bdChecks(options.dir, env)));
  checks.push(...loopChecks(options.dir, manifest, env));
  return DoctorReportSchema.parse({
    schema_version: 1,
    ok: checks.every((c) => c.status !== "fail"),
    checks,
  });
}

export function formatDoctor(report: DoctorReport): string {
  const lines = report.checks.map((c) => {
    const hint = c.hint ? `\n      fix: ${c.hint}` : "";
    return `${c.status.toUpperCase().padEnd(4)}  ${c.name}: ${c.detail}${hint}`;
  });
  return `${lines.join("\n")}\n`;
}
