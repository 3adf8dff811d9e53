import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { GateFinding } from "@agent-verify/contract";
import { finding, type GatesContext } from "../context.js";
import { isPresent, type FileChange } from "../diff/change.js";
import { showFile } from "../git.js";
import { isTestFile } from "../catalogue/test-files.js";
import { fileTestDefinitions as definitions, type TestDefinition } from "../test-count.js";

/**
 * Words of a bug title that say nothing about which bug it is. Kept small on purpose:
 * connectives, the words every bug title uses ("fix", "broken", "error") and the ones
 * every test body holds ("expect"), which would match any test.
 */
const STOP_WORDS = new Set(
  [
    "the, and, for, with, when, not, are, was, were, has, have, but, its, can, cannot",
    "fix, fixes, fixed, bug, issue, should, does, doesn, don, from, into, that, this, than",
    "after, before, wrong, broken, error, errors, fail, fails, failing, failed, work, works",
    "test, tests, expect, expected, expects",
  ]
    .join(", ")
    .split(/,\s*/),
);

/** Lower-case words of a text, camelCase and snake_case split apart. */
function words(text: string): string[] {
  return text
    .replace(/(\p{Ll})(\p{Lu})/gu, "$1 $2")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== "");
}

/** The words of an issue title a regression test should mention, in title order. */
export function titleWords(title: string): string[] {
  const significant = words(title).filter((word) => word.length >= 3 && !STOP_WORDS.has(word));
  return [...new Set(significant)];
}

const SUFFIXES = ["ing", "ed", "es", "s", "e"];

/** A word and the word without one plural or verb ending ("y" read as "i"): its forms to compare. */
function forms(word: string): Set<string> {
  const out = new Set([word]);
  for (const suffix of SUFFIXES) {
    if (word.endsWith(suffix) && word.length - suffix.length >= 3)
      out.add(word.slice(0, -suffix.length));
  }
  for (const form of [...out]) if (form.endsWith("y")) out.add(`${form.slice(0, -1)}i`);
  return out;
}

/**
 * Whether a text mentions one of the words, up to a simple ending: "count" matches
 * "counts", "counted" and "counting" (not "country"), "price" matches "pricing".
 */
export function mentionsAny(text: string, wanted: readonly string[]): boolean {
  const wantedForms = new Set(
    wanted.flatMap((word) => [...forms(word)]).filter((form) => !STOP_WORDS.has(form)),
  );
  return words(text).some((word) => [...forms(word)].some((form) => wantedForms.has(form)));
}

interface NewTest {
  file: string;
  definition: TestDefinition;
  body: string;
}

/** Tests of a changed test file whose name is not in the same file at the merge base. */
async function newTests(ctx: GatesContext, file: FileChange): Promise<NewTest[]> {
  const text = await readFile(join(ctx.root, file.path), "utf8");
  const base =
    file.status === "untracked" || file.status === "added"
      ? undefined
      : await showFile(ctx.root, ctx.change.mergeBase, file.oldPath ?? file.path);
  const before = new Set(
    base === undefined
      ? []
      : (await definitions(file.oldPath ?? file.path, base)).map((t) => t.name),
  );
  const lines = text.split("\n");
  return (await definitions(file.path, text))
    .filter((t) => !before.has(t.name))
    .map((definition) => ({
      file: file.path,
      definition,
      body: lines.slice(definition.line - 1, definition.endLine).join("\n"),
    }));
}

const HINT = "add a test that reproduces the bug (its name or body should mention the bug)";

/** The floor's rule for bug tickets: the change adds a test that mentions the bug's title. */
export async function regressionFindings(ctx: GatesContext, title: string): Promise<GateFinding[]> {
  const wanted = titleWords(title);
  if (wanted.length === 0) {
    const shown = title.replace(/\s+/g, " ").trim();
    const message = `bug fix without a regression test: the issue title '${shown}' has no words to match (all are stop words or shorter than 3 characters)`;
    return [finding("floor", null, null, "regression", message, HINT)];
  }
  const changed = ctx.change.files.filter((f) => isPresent(f) && isTestFile(f.path));
  for (const file of changed) {
    for (const test of await newTests(ctx, file)) {
      if (!mentionsAny(`${test.definition.name}\n${test.body}`, wanted)) continue;
      ctx.progress(
        `gates: floor: regression test '${test.definition.name}' (${test.file}:${test.definition.line})`,
      );
      return [];
    }
  }
  const message = `bug fix without a regression test: no new test mentions any of: ${wanted.join(", ")}`;
  return [finding("floor", null, null, "regression", message, HINT)];
}
