// Pure guesses `verify-runner init` makes from what a repo holds. No file system here:
// the caller reads the repo (see scan.ts) and these functions decide.
import { DEFAULT_STATIC_PORT } from "@agent-verify/contract/constants";

export { DEFAULT_STATIC_PORT };

export type PackageManager = "npm" | "pnpm" | "yarn" | "bun";

/** Lockfiles in the order they are looked for, and the package manager each one shows. */
const LOCKFILES: ReadonlyArray<[string, PackageManager]> = [
  ["pnpm-lock.yaml", "pnpm"],
  ["yarn.lock", "yarn"],
  ["bun.lock", "bun"],
  ["bun.lockb", "bun"],
  ["package-lock.json", "npm"],
  ["npm-shrinkwrap.json", "npm"],
];

/**
 * The package manager a repo uses: its lockfile, else package.json's `packageManager`
 * field, else npm.
 */
export function guessPackageManager(
  files: ReadonlySet<string>,
  packageManagerField?: string,
): PackageManager {
  for (const [file, manager] of LOCKFILES) if (files.has(file)) return manager;
  const named = /^(npm|pnpm|yarn|bun)@/.exec(packageManagerField ?? "")?.[1];
  return (named as PackageManager | undefined) ?? "npm";
}

/**
 * How the manager starts the runner. npx is told never to download (a missing install
 * must fail, not fetch whatever the registry calls `verify-runner`); yarn's own
 * `yarn run v1…`/`Done in` lines would break the one-JSON-object stdout, so yarn
 * repos call the bin directly.
 */
export function runnerCommand(manager: PackageManager): string {
  switch (manager) {
    case "pnpm":
      return "pnpm exec verify-runner {flow}";
    case "yarn":
      return "node_modules/.bin/verify-runner {flow}";
    case "bun":
      return "bunx verify-runner {flow}";
    case "npm":
      return "npx --no-install verify-runner {flow}";
  }
}

/** `npm run dev`, `pnpm dev`, `yarn dev`, `bun run dev`. */
export function scriptCommand(manager: PackageManager, script: string): string {
  if (manager === "npm" || manager === "bun") return `${manager} run ${script}`;
  return `${manager} ${script}`;
}

/** Dev servers by the tool a script starts, with the port each uses by default. */
const TOOL_PORTS: ReadonlyArray<[RegExp, number]> = [
  [/\bvite\s+preview\b/, 4173],
  [/\bvite\b/, 5173],
  [/\bnext\b/, 3000],
  [/\breact-scripts\s+start\b/, 3000],
  [/\bcraco\s+start\b/, 3000],
  [/\bastro\b/, 4321],
  [/\bnuxt\b|\bnuxi\b/, 3000],
  [/\bremix\b/, 3000],
  [/\bng\s+serve\b/, 4200],
  [/\bember\s+serve\b/, 4200],
  [/\bvue-cli-service\s+serve\b/, 8080],
  [/\bwebpack\s+serve\b|\bwebpack-dev-server\b/, 8080],
  [/\bgatsby\s+develop\b/, 8000],
  [/\bgatsby\s+serve\b/, 9000],
  [/\bparcel\b/, 1234],
  [/\bsvelte-kit\b/, 5173],
  [/\bdocusaurus\s+start\b/, 3000],
  [/\beleventy\b.*--serve\b/, 8080],
  [/\bhttp-server\b/, 8080],
  [/\bserve\b/, 3000],
];

/** An explicit port in a command: `--port 8080`, `--port=8080`, `-p 8080`, `PORT=8080`. */
export function explicitPort(command: string): number | undefined {
  const match = /(?:--port[= ]|(?:^|\s)-p\s+|\bPORT=)(\d{2,5})\b/.exec(command);
  const port = match ? Number(match[1]) : undefined;
  return port !== undefined && port > 0 && port < 65536 ? port : undefined;
}

/** The port a command listens on: an explicit one, else its tool's default; undefined if unknown. */
export function guessPort(command: string): number | undefined {
  const port = explicitPort(command);
  if (port !== undefined) return port;
  for (const [pattern, defaultPort] of TOOL_PORTS) if (pattern.test(command)) return defaultPort;
  return undefined;
}

/** Scripts a dev server usually hides behind, most wanted first. */
const SERVER_SCRIPTS = ["dev", "start", "preview", "serve"];

/** Folders a built or static site usually sits in, checked after the repo root. */
const STATIC_DIRS = ["dist", "public", "build", "out", "_site"];

export type AppGuess =
  | { kind: "command"; script: string; command: string; port: number; portKnown: boolean }
  | { kind: "static"; dir: string; port: number }
  | { kind: "none" };

export interface RepoFacts {
  /** package.json `scripts` (empty when there is no package.json). */
  scripts: Readonly<Record<string, string>>;
  manager: PackageManager;
  /** Folders (relative, "." for the root) that hold an index.html. */
  indexDirs: ReadonlySet<string>;
}

/**
 * What serves the app: a dev/start/preview script whose tool (or explicit port) we know,
 * else a folder with an index.html (the root, dist/, public/, build/…), else any such
 * script on a guessed port, else nothing.
 */
export function guessApp(facts: RepoFacts): AppGuess {
  const scripts = SERVER_SCRIPTS.filter((name) => typeof facts.scripts[name] === "string");
  for (const script of scripts) {
    const port = guessPort(facts.scripts[script] as string);
    if (port !== undefined) {
      const command = scriptCommand(facts.manager, script);
      return { kind: "command", script, command, port, portKnown: true };
    }
  }
  for (const dir of [".", ...STATIC_DIRS]) {
    if (facts.indexDirs.has(dir)) return { kind: "static", dir, port: DEFAULT_STATIC_PORT };
  }
  const [script] = scripts;
  if (script !== undefined) {
    const command = scriptCommand(facts.manager, script);
    return { kind: "command", script, command, port: 3000, portKnown: false };
  }
  return { kind: "none" };
}

/** The folders guessApp looks into for an index.html. */
export function staticCandidates(): readonly string[] {
  return [".", ...STATIC_DIRS];
}
