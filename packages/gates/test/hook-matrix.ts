import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import { claudeCode, stop } from "./claude-code.js";
import { codex, cursor, fire, gemini, type OtherAgent } from "./coding-agents.js";
import { debug, git, runCli, type Repo } from "./fixture.js";
import { loopOf } from "./loop-state.js";

// The cheat matrix of issues 34 §4 and 35 (src/loop/hook-cheats-*.integration.test.ts): one repo
// per runner whose committed test is red, the loop armed by `/verify-loop`; each case applies
// cheats, fires a real Stop payload through the installed hook command, and is reset with git.

const SESSION = "0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0";
export const TESTS_ONLY = "commands:\n  typecheck: false\n  lint: false\n  format: false\n";

/** A file's new text, a function of its old text, or null to delete it. */
export type Edit = string | null | ((old: string) => string);

export interface Cheat {
  name: string;
  edits: Record<string, Edit>;
  /** Findings the stop must name: the file, and a fragment of the finding's rule or message. */
  finds: Array<[file: string | null, fragment: string]>;
}

interface Finding {
  file: string | null;
  line: number | null;
  rule: string;
  message: string;
}

export interface MatrixRepo {
  repo: Repo;
  /** Apply the edits (and `node_modules` files, restored by `reset`). */
  apply(edits: Record<string, Edit>): void;
  /** The stop is blocked; each expected finding is in the report, the first one in the reason. */
  blocked(cheat: Cheat): void;
  /** The stop is allowed and the loop ends passed. */
  allowed(): Promise<void>;
  /** Back to the committed red task (tracked files restored, untracked ones removed). */
  reset(): void;
}

function show(findings: readonly Finding[]): string {
  return findings.map((f) => `${f.file}:${f.line} [${f.rule}] ${f.message}`).join("\n");
}

/** A stop through another agent's installed hook, its answer read back as Claude Code's form. */
function otherStop(dir: string, agent: OtherAgent) {
  const answer =
    agent === "codex"
      ? fire(dir, agent, "Stop", codex.stop(SESSION, dir, false))
      : agent === "cursor"
        ? fire(dir, agent, "stop", cursor.stop(SESSION, dir, 0))
        : fire(dir, agent, "AfterAgent", gemini.stop(SESSION, dir, false));
  const out = JSON.parse(answer.stdout || "{}") as Record<string, string | undefined>;
  const reason = agent === "cursor" ? out.followup_message : out.reason;
  const blocked = agent === "cursor" ? reason !== undefined : out.decision !== undefined;
  // An allow prints nothing (Codex) or an empty object (Cursor, Gemini CLI).
  const stdout = blocked ? JSON.stringify({ decision: "block", reason }) : "";
  return { ...answer, stdout: answer.stdout.trim() === "{}" ? "" : stdout };
}

/**
 * The repo of `files` (committed on `main`), the task's red tests committed on `feature`, the
 * loop installed and armed by the session's `/verify-loop` with room for every case's stop.
 * `agent`: the loop installed for that agent instead (`loop install --agent`), armed by
 * `loop start --session`, each stop through its hook in its documented payload.
 */
export function armedMatrix(
  make: (files: Record<string, string>) => Repo,
  files: Record<string, string>,
  red: Record<string, string>,
  agent?: OtherAgent,
): MatrixRepo {
  const repo = make({ ".verify/gates.yaml": TESTS_ONLY, ...files });
  for (const [path, text] of Object.entries(red)) repo.write(path, text);
  repo.commit("the task: failing tests");
  const install = runCli(repo.dir, ["loop", "install", ...(agent ? ["--agent", agent] : [])]);
  expect(install.code, debug(install)).toBe(0);
  const claude = agent ? undefined : claudeCode(repo.dir);
  const started = claude
    ? claude.verifyLoop(SESSION, "--max-iterations 100")
    : runCli(repo.dir, ["loop", "start", "--session", SESSION, "--max-iterations", "100"]);
  expect(started.code, debug(started)).toBe(0);
  const stopNow = () =>
    claude ? claude.event(stop(SESSION, repo.dir)) : otherStop(repo.dir, agent!);
  const saved = new Map<string, string | undefined>();
  const apply = (edits: Record<string, Edit>) => {
    for (const [path, edit] of Object.entries(edits)) {
      const full = join(repo.dir, path);
      const old = existsSync(full) ? readFileSync(full, "utf8") : undefined;
      if (path.startsWith("node_modules/") && !saved.has(path)) saved.set(path, old);
      if (edit === null) repo.remove(path);
      else repo.write(path, typeof edit === "string" ? edit : edit(old ?? ""));
    }
  };
  return {
    repo,
    apply,
    blocked(cheat) {
      apply(cheat.edits);
      rmSync(join(repo.dir, ".verify", "gates.json"), { force: true });
      const answer = stopNow();
      expect(answer.code, debug(answer)).toBe(0);
      const parsed = JSON.parse(answer.stdout || "{}") as { decision?: string; reason?: string };
      const report = JSON.parse(readFileSync(join(repo.dir, ".verify", "gates.json"), "utf8")) as {
        findings: Finding[];
      };
      const seen = show(report.findings);
      expect(parsed.decision, `${cheat.name}\n${answer.stderr}\n${seen}`).toBe("block");
      for (const [file, fragment] of cheat.finds) {
        const hit = report.findings.some(
          (f) => f.file === file && `${f.rule} ${f.message}`.includes(fragment),
        );
        expect(hit, `${cheat.name}: no finding on ${file} with '${fragment}' in\n${seen}`).toBe(
          true,
        );
      }
      const [first] = cheat.finds;
      if (first?.[0]) expect(parsed.reason).toContain(first[0]);
    },
    async allowed() {
      const answer = stopNow();
      const report = existsSync(join(repo.dir, ".verify", "gates.json"))
        ? show(
            (
              JSON.parse(readFileSync(join(repo.dir, ".verify", "gates.json"), "utf8")) as {
                findings: Finding[];
              }
            ).findings,
          )
        : "";
      expect(answer.stdout, `${debug(answer)}\n${report}`).toBe("");
      expect(answer.stderr).toContain("gates passed");
      expect(await loopOf(repo.dir, SESSION)).toMatchObject({ state: "passed" });
    },
    reset() {
      git(repo.dir, "checkout", "-q", "--", ".");
      git(
        repo.dir,
        "clean",
        "-fdq",
        "-e",
        ".claude",
        "-e",
        ".verify",
        "-e",
        ".codex",
        "-e",
        ".cursor",
        "-e",
        ".gemini",
      );
      for (const [path, text] of saved) {
        if (text === undefined) repo.remove(path);
        else writeFileSync(join(repo.dir, path), text);
      }
      saved.clear();
    },
  };
}

/** A test file's text with `from` replaced by `to` (exactly once: a typo in a case fails loudly). */
export const swap =
  (...pairs: Array<[from: string, to: string]>) =>
  (old: string): string => {
    let text = old;
    for (const [from, to] of pairs) {
      const at = text.indexOf(from);
      if (at < 0 || text.indexOf(from, at + 1) >= 0)
        throw new Error(`'${from}' is not in the file exactly once`);
      text = text.slice(0, at) + to + text.slice(at + from.length);
    }
    return text;
  };

/**
 * Several cheat classes in one stop (their findings are independent static checks): edits of the
 * same file are applied in order, each to what the one before left.
 */
export function together(...cheats: Cheat[]): Cheat {
  const edits: Record<string, Edit> = {};
  for (const cheat of cheats)
    for (const [path, edit] of Object.entries(cheat.edits)) {
      const before = edits[path];
      if (before === undefined) edits[path] = edit;
      else if (typeof before === "function" && typeof edit === "function")
        edits[path] = (old) => edit(before(old));
      else throw new Error(`${path} is written whole by two cheats of one stop`);
    }
  return {
    name: cheats.map((c) => c.name).join("; "),
    edits,
    finds: cheats.flatMap((c) => c.finds),
  };
}

const dis = "disable";

/**
 * A new file with one suppression comment of each tool the floor knows (eslint, oxlint, Biome,
 * c8, TypeScript twice): each is a finding naming its kind. `lines` are the file's two
 * declarations in the runner's module style, each under a TypeScript suppression.
 */
export function suppressionsIn(path: string, lines: [string, string]): Cheat {
  return {
    name: "suppressions",
    edits: {
      [path]: [
        `// eslint-${dis}-next-line no-console`,
        `// oxlint-${dis}-next-line no-debugger`,
        `// biome-${"ignore"} lint: legacy`,
        `/* c8 ${"ignore"} next */`,
        `// @ts-${"ignore"}`,
        lines[0],
        `// @ts-${"expect-error"}`,
        lines[1],
        "",
      ].join("\n"),
    },
    finds: ["ESLint", "oxlint", "Biome", "coverage", "TypeScript"].map((kind): [string, string] => [
      path,
      `${kind} suppression`,
    ]),
  };
}

/** `source` added to `.prettierignore` and to `tsconfig.json`'s `exclude`, and `strict` off. */
export function loosenedIgnores(source: string): Cheat {
  return {
    name: "ignore lists loosened, strict off",
    edits: {
      ".prettierignore": (s) => `${s}${source}\n`,
      "tsconfig.json": (s) =>
        s
          .replace('"strict": true', '"strict": false')
          .replace('"include": [', `"exclude": ["${source}"],\n  "include": [`),
    },
    finds: [
      [".prettierignore", source],
      ["tsconfig.json", "strict"],
      ["tsconfig.json", "exclude"],
    ],
  };
}
