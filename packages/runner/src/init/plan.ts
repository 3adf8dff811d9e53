// Flags + guesses → what the manifest says about the app. Pure, so every branch is a
// table row in plan.test.ts.
import {
  DEFAULT_STATIC_PORT,
  guessApp,
  guessPort,
  runnerCommand,
  type RepoFacts,
} from "./guess.js";
import { InitUsageError } from "../errors.js";
import type { ManifestPlan } from "./templates.js";

export { InitUsageError };

export interface InitFlags {
  baseUrl?: string | undefined;
  webServer?: string | undefined;
  staticDir?: string | undefined;
}

export type AppPlan = ManifestPlan & {
  /** One line for the user: where base_url and web_server came from. */
  source: string;
  /** Set when the guess is weak and the user should check the manifest. */
  warning?: string;
};

const COMMAND_TIMEOUT_S = 60;

/** The port of an http(s) URL, explicit or the scheme's default. */
function urlPort(url: URL): number {
  if (url.port !== "") return Number(url.port);
  return url.protocol === "https:" ? 443 : 80;
}

function parseBaseUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new InitUsageError(`--base-url ${text} is not a URL (e.g. http://127.0.0.1:3000)`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new InitUsageError(
      `--base-url ${text} must be an http(s) URL (e.g. http://127.0.0.1:3000)`,
    );
  }
  return url;
}

const localUrl = (port: number, host = "127.0.0.1") => `http://${host}:${port}`;

/** A URL as the manifest shows it: no trailing slash on a bare origin. */
function show(url: URL): string {
  return url.pathname === "/" && !url.search ? url.origin : url.href;
}

export function planApp(facts: RepoFacts, flags: InitFlags): AppPlan {
  const runner = runnerCommand(facts.manager);
  const given = flags.baseUrl === undefined ? undefined : parseBaseUrl(flags.baseUrl);
  if (flags.staticDir !== undefined && flags.webServer !== undefined) {
    throw new InitUsageError("give --static DIR or --web-server CMD, not both");
  }
  if (flags.staticDir !== undefined) {
    const port = given ? urlPort(given) : DEFAULT_STATIC_PORT;
    return {
      runnerCommand: runner,
      baseUrl: given ? show(given) : localUrl(port),
      webServer: { kind: "static", dir: flags.staticDir, port },
      source: `--static ${flags.staticDir}: the runner's built-in static server on port ${port}`,
    };
  }
  if (flags.webServer !== undefined) {
    const port = given ? urlPort(given) : (guessPort(flags.webServer) ?? 3000);
    const baseUrl = given ? show(given) : localUrl(port, "localhost");
    return {
      runnerCommand: runner,
      baseUrl,
      webServer: {
        kind: "command",
        command: flags.webServer,
        url: baseUrl,
        timeout_s: COMMAND_TIMEOUT_S,
      },
      source: `--web-server ${JSON.stringify(flags.webServer)} on ${baseUrl}`,
      ...(given || guessPort(flags.webServer) !== undefined
        ? {}
        : { warning: `port 3000 is a guess: check base_url in .verify/workflows.yaml` }),
    };
  }
  if (given) {
    return {
      runnerCommand: runner,
      baseUrl: show(given),
      webServer: undefined,
      source: `--base-url ${show(given)} (no web_server: start the app yourself)`,
    };
  }
  const app = guessApp(facts);
  if (app.kind === "static") {
    return {
      runnerCommand: runner,
      baseUrl: localUrl(app.port),
      webServer: { kind: "static", dir: app.dir, port: app.port },
      source: `${app.dir === "." ? "index.html at the root" : `${app.dir}/index.html`}: served by the runner's built-in static server`,
    };
  }
  if (app.kind === "command") {
    const baseUrl = localUrl(app.port, "localhost");
    return {
      runnerCommand: runner,
      baseUrl,
      webServer: {
        kind: "command",
        command: app.command,
        url: baseUrl,
        timeout_s: COMMAND_TIMEOUT_S,
      },
      source: `package.json scripts.${app.script}: ${app.command} on ${baseUrl}`,
      ...(app.portKnown
        ? {}
        : { warning: `port ${app.port} is a guess for scripts.${app.script}: check base_url` }),
    };
  }
  return {
    runnerCommand: runner,
    baseUrl: localUrl(3000),
    webServer: undefined,
    source: "nothing found to serve (no dev/start/preview script, no index.html)",
    warning:
      "set base_url (and web_server) in .verify/workflows.yaml, or run init again with --base-url, --web-server or --static",
  };
}
