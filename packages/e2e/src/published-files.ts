// What a published tarball holds, checked against its own manifest: every bin, export and
// types file shipped, nothing outside `files`, no file that is only for developing it.
import { readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import type { VersionDoc } from "./publish.js";

/** Paths (relative, "/"-separated) of every file under `dir`. */
export function listFiles(dir: string, under = dir): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? listFiles(path, under) : [relative(under, path)];
  });
}

const DEV_ONLY: ReadonlyArray<[RegExp, string]> = [
  [/\.(test|spec|bench)\.[cm]?[jt]sx?$/, "a test file"],
  [/(^|\/)(test|tests|__tests__|fixtures|__fixtures__|coverage|scripts)\//, "a dev-only folder"],
  [/\.map$/, "a source map (its sources are not shipped)"],
  [/(?<!\.d)\.[cm]?ts$/, "a TypeScript source"],
  [/\.tsbuildinfo$|(^|\/)tsconfig[^/]*\.json$|(^|\/)vitest\.config\./, "build or test config"],
  [/(^|\/)\.(env|npmrc|gitignore)/, "a dotfile"],
];

/** The targets of an `exports` map (conditions flattened), pattern targets as given. */
export function exportTargets(exports: unknown): string[] {
  if (typeof exports === "string") return [exports];
  if (exports && typeof exports === "object") return Object.values(exports).flatMap(exportTargets);
  return [];
}

/** One line per problem; [] when the tarball is what its manifest says, and only that. */
export function problemsOf(manifest: VersionDoc, files: readonly string[]): string[] {
  const problems: string[] = [];
  const has = (path: string) => files.includes(path.replace(/^\.\//, ""));
  const hasUnder = (prefix: string) => files.some((file) => file.startsWith(prefix));
  for (const range of Object.entries({
    ...manifest.dependencies,
    ...manifest.peerDependencies,
    ...manifest.optionalDependencies,
  }))
    if (/^(workspace|file|link|portal):/.test(range[1]))
      problems.push(`dependency ${range[0]}: ${range[1]}`);
  for (const [bin, path] of Object.entries(manifest.bin ?? {}))
    if (!has(path)) problems.push(`bin ${bin}: ${path} is not in the tarball`);
  for (const target of exportTargets(manifest.exports)) {
    const shipped = target.includes("*")
      ? hasUnder(target.replace(/^\.\//, "").split("*")[0] as string)
      : has(target);
    if (!shipped) problems.push(`export target ${target} is not in the tarball`);
  }
  if (manifest.types && !has(manifest.types)) problems.push(`types ${manifest.types} missing`);
  const allowed = (manifest.files ?? []).filter((entry) => !entry.startsWith("!"));
  const always = /^(package\.json|README(\.md)?|LICEN[CS]E(\.md)?)$/i;
  for (const file of files) {
    if (
      !always.test(file) &&
      !allowed.some((entry) => file === entry || file.startsWith(`${entry}/`))
    )
      problems.push(`${file} is outside "files"`);
    for (const [pattern, what] of DEV_ONLY)
      if (pattern.test(file)) problems.push(`${file} is ${what}`);
  }
  return problems;
}
