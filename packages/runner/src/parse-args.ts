import { CI_PROVIDERS, type CiProvider } from "./init/ci.js";
import { TRACE_POLICIES, isTracePolicy, type TracePolicy } from "@agent-verify/contract/constants";

/** How long `--browser-server` waits for a sign of life on stdin before it closes. */
export const DEFAULT_IDLE_TIMEOUT_S = 60;

export type ParsedArgs =
  | { command: "list"; dir: string; steps: boolean }
  | { command: "check-browser"; dir: string }
  | { command: "browser-server"; dir: string; idleTimeoutS: number }
  | { command: "run"; dir: string; flow: string; trace: TracePolicy | undefined }
  | { command: "worker"; dir: string; trace: TracePolicy | undefined }
  | {
      command: "init";
      dir: string;
      baseUrl: string | undefined;
      webServer: string | undefined;
      staticDir: string | undefined;
      ci: CiProvider | undefined;
    }
  | { command: "help" }
  | { command: "invalid"; message: string };

export function usage(): string {
  return [
    "Usage: verify-runner <flow> [--trace off|on|retain-on-failure|on-first-retry] [--dir DIR]",
    "       verify-runner --worker [--trace MODE] [--dir DIR]   (flow names on stdin)",
    "       verify-runner --list [--steps] [--dir DIR]",
    "       verify-runner --check-browser [--dir DIR]",
    "       verify-runner --browser-server [--idle-timeout S] [--dir DIR]",
    "       verify-runner init [--static DIR | --web-server CMD] [--base-url URL] [--ci github|gitlab] [--dir DIR]",
    "",
    "Runs one flow from .verify/workflows.yaml and prints one JSON object on stdout.",
    "Exit 0 pass, 1 fail, 2 error (the flow could not be run).",
    "--worker runs one flow per stdin line and prints one such object per line.",
    "init scaffolds .verify/ (never overwrites a file) and prints what it wrote; --ci also writes a",
    "CI workflow that runs the flows in shards and merges their reports.",
    "--trace (else VERIFY_TRACE, else the manifest's trace, else retain-on-failure): when a",
    "Playwright trace is recorded; on-first-retry records none on a run alone (no retry here).",
    "",
  ].join("\n");
}

/** Pure argv → command. Kept free of heavy imports so `--list` starts fast. */
export function parseArgs(argv: readonly string[]): ParsedArgs {
  let dir = process.cwd();
  let list = false;
  let checkBrowser = false;
  let browserServer = false;
  let worker = false;
  let idleTimeoutS = DEFAULT_IDLE_TIMEOUT_S;
  let steps = false;
  // Undefined: the run decides (VERIFY_TRACE, then the manifest, then retain-on-failure).
  let trace: TracePolicy | undefined;
  const init: { baseUrl?: string; webServer?: string; staticDir?: string; ci?: CiProvider } = {};
  const positional: string[] = [];
  const isInit = argv[0] === "init";
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const value = (): string | undefined => {
      const eq = arg.indexOf("=");
      if (eq !== -1) return arg.slice(eq + 1);
      i++;
      return argv[i];
    };
    const name = arg.split("=")[0];
    if (arg === "--") {
      positional.push(...argv.slice(i + 1));
      break;
    } else if (arg === "--list") list = true;
    else if (arg === "--check-browser") checkBrowser = true;
    else if (arg === "--browser-server") browserServer = true;
    else if (arg === "--worker") worker = true;
    else if (arg === "--steps") steps = true;
    else if (arg === "-h" || arg === "--help") return { command: "help" };
    else if (name === "--dir") {
      const given = value();
      if (!given) return { command: "invalid", message: "--dir needs a folder" };
      dir = given;
    } else if (name === "--idle-timeout") {
      const given = value();
      if (!given || !/^\d+$/.test(given) || Number(given) < 1) {
        return { command: "invalid", message: "--idle-timeout needs a whole number of seconds" };
      }
      idleTimeoutS = Number(given);
    } else if (
      isInit &&
      (name === "--base-url" || name === "--web-server" || name === "--static")
    ) {
      const given = value();
      if (!given) return { command: "invalid", message: `${name} needs a value` };
      if (name === "--base-url") init.baseUrl = given;
      else if (name === "--web-server") init.webServer = given;
      else init.staticDir = given;
    } else if (isInit && name === "--ci") {
      const given = value();
      if (!given || !(CI_PROVIDERS as readonly string[]).includes(given))
        return { command: "invalid", message: `--ci must be one of ${CI_PROVIDERS.join(", ")}` };
      init.ci = given as CiProvider;
    } else if (name === "--trace") {
      const given = value();
      if (!isTracePolicy(given)) {
        return {
          command: "invalid",
          message: `--trace must be one of ${TRACE_POLICIES.join(", ")}`,
        };
      }
      trace = given;
    } else if (arg.startsWith("-")) return { command: "invalid", message: `unknown option ${arg}` };
    else positional.push(arg);
  }
  if (worker) {
    if (list || checkBrowser || browserServer || steps || isInit || positional.length > 0)
      return {
        command: "invalid",
        message: "--worker takes only --trace and --dir (flow names come on stdin)",
      };
    return { command: "worker", dir, trace };
  }
  if (browserServer) {
    if (list || checkBrowser || positional.length > 0)
      return { command: "invalid", message: "--browser-server takes nothing else" };
    return { command: "browser-server", dir, idleTimeoutS };
  }
  if (isInit) {
    if (list || checkBrowser || browserServer || steps || positional.length > 1)
      return {
        command: "invalid",
        message: "init takes only --static, --web-server, --base-url, --ci, --dir",
      };
    return {
      command: "init",
      dir,
      baseUrl: init.baseUrl,
      webServer: init.webServer,
      staticDir: init.staticDir,
      ci: init.ci,
    };
  }
  if (checkBrowser) {
    if (list || positional.length > 0)
      return { command: "invalid", message: "--check-browser takes nothing else" };
    return { command: "check-browser", dir };
  }
  if (list) {
    if (positional.length > 0) return { command: "invalid", message: "--list takes no flow name" };
    return { command: "list", dir, steps };
  }
  if (steps) return { command: "invalid", message: "--steps goes with --list" };
  if (positional.length !== 1) {
    return {
      command: "invalid",
      message: positional.length === 0 ? "missing flow name" : "give exactly one flow name",
    };
  }
  return { command: "run", dir, flow: positional[0] as string, trace };
}
