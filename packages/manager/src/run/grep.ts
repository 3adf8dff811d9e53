import type { ListedFlow } from "../flows/list.js";

export interface GrepOptions {
  /** Keep flows whose name or description matches (a regular expression). */
  grep?: string | undefined;
  /** Drop flows whose name or description matches. */
  grepInvert?: string | undefined;
}

/** A pattern as `--grep` takes it; null when it is not a valid regular expression. */
export function compileGrep(pattern: string): RegExp | null {
  try {
    return new RegExp(pattern);
  } catch {
    return null;
  }
}

/** `--grep` / `--grep-invert` over each flow's name and description, like Playwright Test's. */
export function grepFlows(
  names: readonly string[],
  listed: readonly ListedFlow[],
  options: GrepOptions,
): string[] {
  const keep = options.grep === undefined ? null : compileGrep(options.grep);
  const drop = options.grepInvert === undefined ? null : compileGrep(options.grepInvert);
  const text = (name: string) => {
    const flow = listed.find((entry) => entry.name === name);
    return flow ? `${flow.name} ${flow.description}` : name;
  };
  return names.filter(
    (name) => (keep === null || keep.test(text(name))) && (drop === null || !drop.test(text(name))),
  );
}
