import { isAbsolute, relative, resolve, sep } from "node:path";
import type { AgentLoop } from "@agent-verify/contract";
import { isActive, readLoop } from "./loop-file.js";
import { loopRoots } from "./roots.js";
import { openStore } from "../state/signed-store.js";
import type { EditVerdict } from "../agents/dialect.js";

/**
 * The pre-edit guard (issue 49 §2): an edit to a file the loop's oracle holds is answered before
 * it happens. Deterministic and cheap: the signed loop file, the oracle's manifest (its id is its
 * content hash) and the frozen task; no diff, no tool. It never replaces the Stop check: a shell
 * can still write any file, and the Stop judges the result against the oracle.
 */
export interface EditAttempt {
  session: string;
  cwd: string | undefined;
  /** As the agent named them: absolute, or relative to its working directory. */
  files: string[];
}

/** Oracle kinds an edit is denied on; `package` (package.json) is the change's to extend: the Stop judges its scripts. */
const GUARDED = new Set([
  "test",
  "test-config",
  "test-support",
  "tsconfig",
  "lint-config",
  "format-config",
  "gates-config",
]);

const allow = (reason: string): EditVerdict => ({ deny: false, reason });

async function armedLoop(
  attempt: EditAttempt,
  dir: string,
  env: NodeJS.ProcessEnv,
): Promise<{ loop: AgentLoop; root: string } | undefined> {
  const { roots } = await loopRoots(dir, env);
  for (const root of roots) {
    const read = await readLoop(await openStore(root, env), { session: attempt.session });
    // A loop whose state does not verify: the Stop blocks it; the guard has nothing to add.
    if (read.kind === "loop" && isActive(read.loop))
      return { loop: read.loop, root: read.loop.root ?? root };
    if (read.kind !== "absent") return undefined;
  }
  return undefined;
}

/** The oracle files the task declares it changes on purpose (`## TESTS`, `action: modify`). */
async function declaredChanges(loop: AgentLoop, root: string, env: NodeJS.ProcessEnv) {
  if (!loop.task_snapshot) return new Set<string>();
  const { readTaskSnapshot } = await import("../oracle/oracle.js");
  const { parseTaskFile } = await import("../task/task-file.js");
  const { declaredTestChanges } = await import("../task/task-tests.js");
  const text = await readTaskSnapshot(root, env, loop.task_snapshot);
  const task = parseTaskFile(text, loop.task_file ?? "task");
  return new Set(declaredTestChanges(task).map((change) => change.path));
}

/** What the oracle holds of `rel` (its kind), `.verify/` included; undefined: the change's file. */
function guardedKind(
  rel: string,
  oracle: ReadonlyMap<string, { kind: string }>,
): string | undefined {
  if (rel === ".verify" || rel.startsWith(".verify/")) return "gates state (.verify/)";
  const kind = oracle.get(rel)?.kind;
  return kind !== undefined && GUARDED.has(kind) ? kind : undefined;
}

export function denyText(rel: string, kind: string, session: string): string {
  return [
    `verify-gates: ${rel} is part of the loop's oracle (${kind}) and is not edited during the loop.`,
    "The test as the task began decides: every stop runs the oracle's copy, so this edit cannot make the change green. Fix the source instead.",
    "A test change the task intends is declared under the task's ## TESTS (action: modify, with a reason) when the loop is armed.",
    `If you believe the test is wrong, run verify-gates loop escalate --session ${session} --reason "<why>" to hand it to a human.`,
  ].join(" ");
}

/** The guard's verdict on one edit: deny the first guarded file, else allow. Errors allow: the Stop still judges. */
export async function guardEdit(
  attempt: EditAttempt,
  fallbackCwd: string,
  env: NodeJS.ProcessEnv,
): Promise<EditVerdict> {
  const dir = attempt.cwd ?? fallbackCwd;
  try {
    const found = await armedLoop(attempt, dir, env);
    if (found === undefined) return allow(`no loop is armed for session ${attempt.session}`);
    const { loop, root } = found;
    const { openOracle } = await import("../oracle/oracle.js");
    const oracle = loop.oracle_snapshot
      ? (await openOracle(root, env, loop.oracle_snapshot)).files
      : new Map<string, { kind: string }>();
    let declared: Set<string> | undefined;
    for (const file of attempt.files) {
      const rel = relative(root, resolve(dir, file)).split(sep).join("/");
      if (rel === "" || rel.startsWith("..") || isAbsolute(rel)) continue;
      const kind = guardedKind(rel, oracle);
      if (kind === undefined) continue;
      declared ??= await declaredChanges(loop, root, env);
      if (declared.has(rel)) continue;
      return { deny: true, reason: denyText(rel, kind, loop.session_id) };
    }
    return allow(`the edit touches no file the loop's oracle holds`);
  } catch (error) {
    const why = error instanceof Error ? error.message.split("\n")[0] : String(error);
    return allow(`the guard could not check the edit (${why}); the Stop still judges it`);
  }
}
