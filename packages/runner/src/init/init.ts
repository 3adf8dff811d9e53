// `verify-runner init`: scaffold .verify/ in a repo. Idempotent: a file that exists is
// never overwritten, only reported as kept.
import { mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import type { InitReport } from "@agent-verify/contract";
import { CI_FILE, ciFile, type CiProvider } from "./ci.js";
import { addGitignoreLines } from "./gitignore.js";
import { InitUsageError, planApp, type InitFlags } from "./plan.js";
import { runnerModuleOf, scanRepo, staticDirFlag } from "./scan.js";
import {
  CACHE_LINE,
  EXAMPLE_FLOW,
  exampleFlow,
  examplePage,
  GITIGNORE_LINES,
  VERIFY_PACKAGE_JSON,
  VERIFY_TSCONFIG,
  manifestYaml,
} from "./templates.js";

export interface InitOptions extends InitFlags {
  dir: string;
  /** Also write this CI provider's workflow (nothing is written without it). */
  ci?: CiProvider | undefined;
}

const MANIFEST = ".verify/workflows.yaml";
const EXAMPLE_PAGE_PATH = ".verify/src/pages/front-page.ts";
const EXAMPLE_FLOW_PATH = `.verify/src/flows/${EXAMPLE_FLOW}.ts`;

/** Write `text` to `file` unless it exists; true when written. */
function writeNew(file: string, text: string): boolean {
  mkdirSync(dirname(file), { recursive: true });
  try {
    writeFileSync(file, text, { flag: "wx" });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

/** True when an existing manifest declares the example flow (so its files belong to it). */
function declaresExample(file: string): boolean {
  try {
    return new RegExp(`name:\\s*["']?${EXAMPLE_FLOW}["']?\\s*$`, "m").test(
      readFileSync(file, "utf8"),
    );
  } catch {
    return false;
  }
}

function assertFolder(dir: string): void {
  let isFolder: boolean;
  try {
    isFolder = statSync(dir).isDirectory();
  } catch {
    isFolder = false;
  }
  if (!isFolder) throw new InitUsageError(`${dir} is not a folder`);
}

export function initProject(options: InitOptions): InitReport {
  const dir = resolve(options.dir);
  assertFolder(dir);
  const flags: InitFlags = {
    baseUrl: options.baseUrl,
    webServer: options.webServer,
    staticDir: options.staticDir === undefined ? undefined : staticDirFlag(dir, options.staticDir),
  };
  const facts = scanRepo(dir);
  const plan = planApp(facts, flags);
  const created: string[] = [];
  const kept: string[] = [];
  const warnings: string[] = [];
  const write = (path: string, text: string) =>
    (writeNew(join(dir, path), text) ? created : kept).push(path);

  write(MANIFEST, manifestYaml(plan));
  write(".verify/package.json", VERIFY_PACKAGE_JSON);
  write(".verify/tsconfig.json", VERIFY_TSCONFIG);
  if (created.includes(MANIFEST) || declaresExample(join(dir, MANIFEST))) {
    const from = runnerModuleOf(dir);
    write(EXAMPLE_PAGE_PATH, examplePage(from));
    write(EXAMPLE_FLOW_PATH, exampleFlow(from));
  } else {
    warnings.push(
      `${MANIFEST} existed and does not declare '${EXAMPLE_FLOW}': no example flow written`,
    );
  }
  if (options.ci !== undefined) write(CI_FILE[options.ci], ciFile(options.ci, facts.manager));
  if (kept.includes(MANIFEST)) {
    warnings.push(`${MANIFEST} was kept as it is: the guesses above were not written into it`);
  } else if (plan.warning) {
    warnings.push(plan.warning);
  }
  const gitignoreAdded = addGitignoreLines(join(dir, ".gitignore"), GITIGNORE_LINES, CACHE_LINE);
  return {
    schema_version: 1,
    dir,
    created,
    kept,
    gitignore_added: gitignoreAdded,
    runner_command: plan.runnerCommand,
    base_url: plan.baseUrl,
    app_source: plan.source,
    warnings,
  };
}
