import type { GateFinding } from "@agent-verify/contract";
import { finding } from "../context.js";
import type { JudgedFile } from "./judged-files.js";

/** The scripts gates' stages run (test, typecheck, lint, format and their `:` variants). */
const STAGE_SCRIPT = /^(?:test|typecheck|type-check|tsc|lint|format|check|coverage)(?::[\w:-]+)?$/;
const isTestScript = (name: string) => /^(?:test|coverage)(?::|$)/.test(name);
/** Words that make a test run stricter, never narrower. */
const STRICTER =
  /^(?:run|--run|--coverage(?:[.=].*)?|--reporter(?:=.*)?|--silent|--ci|--no-file-parallelism)$/;
const HINT =
  "gates runs the scripts as the task began; keep every word of the script (adding checks is fine)";

function scriptsOf(text: string | undefined): Record<string, string> {
  try {
    const scripts = (JSON.parse(text ?? "") as { scripts?: unknown }).scripts;
    if (typeof scripts !== "object" || scripts === null) return {};
    return Object.fromEntries(
      Object.entries(scripts).filter((e): e is [string, string] => typeof e[1] === "string"),
    );
  } catch {
    return {};
  }
}

const words = (script: string) => script.trim().split(/\s+/);

function lineOf(text: string, name: string): number {
  const index = text.indexOf(`"${name}"`);
  return index < 0 ? 1 : text.slice(0, index).split("\n").length;
}

const without = (a: readonly string[], b: readonly string[]) => {
  const left = [...b];
  return a.filter((x) => {
    const i = left.indexOf(x);
    if (i >= 0) left.splice(i, 1);
    return i < 0;
  });
};

/**
 * A package.json script the stages run, changed so that it checks less: a word of it dropped,
 * or (for a test script) a word added that filters what runs (`vitest run src/a`, `-t name`).
 */
export function testScriptFindings(file: JudgedFile): GateFinding[] {
  if (
    !/(?:^|\/)package\.json$/.test(file.path) ||
    file.before === undefined ||
    file.after === undefined
  )
    return [];
  const was = scriptsOf(file.before);
  const now = scriptsOf(file.after);
  const out: GateFinding[] = [];
  for (const [name, before] of Object.entries(was)) {
    if (!STAGE_SCRIPT.test(name)) continue;
    const after = now[name];
    const line = lineOf(file.after, name);
    const add = (message: string) =>
      out.push(finding("floor", file.path, line, "loosened-config", message, HINT));
    if (after === undefined) {
      add(`script '${name}' removed (was '${before}')`);
      continue;
    }
    const dropped = without(words(before), words(after));
    const added = without(words(after), words(before)).filter((w) => !STRICTER.test(w));
    if (dropped.length > 0)
      add(
        `script '${name}' changed from '${before}' to '${after}': '${dropped.join(" ")}' dropped`,
      );
    else if (isTestScript(name) && added.length > 0)
      add(`words added to the '${name}' script: '${added.join(" ")}' (a filter: fewer tests run)`);
  }
  return out;
}
