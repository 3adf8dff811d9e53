import { posix } from "node:path";
import type { GateFinding } from "@agent-verify/contract";
import { finding } from "../context.js";
import type { Oracle } from "../oracle/index.js";
import { isDeclared, type DeclaredTest } from "./declared.js";
import type { JudgedFile } from "./judged-files.js";

/** A runner config's setup keys (vitest, jest) and the paths they name. */
const SETUP_KEYS =
  /\b(?:setupFiles(?:AfterEnv)?|globalSetup|globalTeardown)["']?\s*:\s*(\[[^\]]*\]|["'`][^"'`]*["'`])/g;
/** `node --import ./x.js`, `--require`, `-r`, a loader: a module node runs before the tests. */
const NODE_PRELOAD =
  /(?:^|\s)(?:--import|--require|-r|--loader|--experimental-loader)(?:=|\s+)(\S+)/g;
const STRING = /["'`]([^"'`]+)["'`]/g;
const SCRIPT = /\.[cm]?[jt]sx?$/;
const HINT =
  "the setup as the task began decides: keep the setup file as it was (or declare it under ## TESTS with action: modify and a reason)";

/** `<rootDir>/test/setup.js`, `./test/setup.ts` → a repository path, read from the config's folder. */
function resolved(from: string, spec: string): string | undefined {
  const bare = spec.replace(/^["'`]|["'`]$/g, "").replace(/^<rootDir>\//, "");
  if (!SCRIPT.test(bare) || bare.startsWith("/")) return undefined;
  const path = posix.normalize(posix.join(posix.dirname(from), bare));
  return path.startsWith("..") ? undefined : path;
}

/** Every setup file the reference's runner configs and package.json scripts name. */
export async function setupFilePaths(reference: Oracle): Promise<Set<string>> {
  const out = new Set<string>();
  for (const path of [...reference.paths("test-config"), ...reference.paths("package")]) {
    const text = (await reference.read(path)) ?? "";
    for (const [, value = ""] of text.matchAll(SETUP_KEYS))
      for (const [, spec = ""] of value.matchAll(STRING)) {
        const file = resolved(path, spec);
        if (file !== undefined) out.add(file);
      }
    if (!path.endsWith("package.json")) continue;
    for (const [, spec = ""] of text.matchAll(NODE_PRELOAD)) {
      const file = resolved(path, spec.replace(/["',]+$/, ""));
      if (file !== undefined) out.add(file);
    }
  }
  return out;
}

/**
 * A setup file of the test runner (named by the reference's config or test script) that the
 * change edited or deleted: it runs before every test and can change what a result says.
 */
export function setupFileFindings(
  files: readonly JudgedFile[],
  setups: ReadonlySet<string>,
  declared: readonly DeclaredTest[],
): GateFinding[] {
  const out: GateFinding[] = [];
  for (const file of files) {
    const path = file.oldPath ?? file.path;
    if (!setups.has(path) || file.before === undefined || isDeclared(declared, path)) continue;
    const [line] = file.diff.added.keys();
    const what = file.after === undefined ? "deleted" : "changed";
    out.push(
      finding(
        "floor",
        file.after === undefined ? path : file.path,
        file.after === undefined ? null : (line ?? null),
        "changed-setup",
        `the test runner's setup file ${what}: it runs before every test, so the change could alter what the results say`,
        HINT,
      ),
    );
  }
  return out;
}
