import type { Manifest } from "@agent-verify/contract";
import { matchesAny } from "./glob.js";

/** The usual front-end folders and file types, when the manifest names none (tickets.ui_paths). */
export const DEFAULT_UI_PATHS = [
  "**/components/**",
  "**/pages/**",
  "**/views/**",
  "**/screens/**",
  "**/layouts/**",
  "**/ui/**",
  "app/**",
  "public/**",
  "static/**",
  "extension/**",
  "**/*.{css,scss,sass,less,html,vue,svelte,jsx,tsx}",
] as const;

/** The globs in force: tickets.ui_paths, else the defaults plus the static server's folder. */
export function uiGlobs(
  configured: readonly string[] | undefined,
  manifest: Manifest | null,
): string[] {
  if (configured) return [...configured];
  const server = manifest?.web_server;
  const served = server && "static" in server ? server.static : undefined;
  const folder = served?.replace(/^\.\/|\/$/g, "") ?? null;
  return folder && folder !== "." ? [...DEFAULT_UI_PATHS, `${folder}/**`] : [...DEFAULT_UI_PATHS];
}

/** Changed files under the globs; `.verify/` (flows, page objects) is test code, not UI. */
export function uiChanges(files: readonly string[], globs: readonly string[]): string[] {
  return files.filter((file) => !file.startsWith(".verify/") && matchesAny(file, globs));
}

/** What a human should do to smoke-test a UI change. */
export function smokeSteps(
  paths: readonly string[],
  flows: ReadonlyArray<{ name: string; description: string }>,
  baseUrl: string | null,
): string[] {
  const shown =
    paths.slice(0, 5).join(", ") + (paths.length > 5 ? `, and ${paths.length - 5} more` : "");
  return [
    `start the app${baseUrl ? ` (${baseUrl})` : ""} and open the screens these files render: ${shown}`,
    ...flows.map(
      (f) => `walk through ${f.name} by hand${f.description ? `: ${f.description}` : ""}`,
    ),
    "check the changed screens in a narrow (mobile) window and with the keyboard only",
  ];
}
