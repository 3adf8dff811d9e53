export const FIXTURES = [
  "page",
  "context",
  "browser",
  "request",
  "step",
  "expect",
  "baseURL",
  "log",
] as const;
export type FixtureName = (typeof FIXTURES)[number];

/**
 * The fixture names a flow's `run` destructures from its first parameter, read
 * from the function's source like Playwright Test does, so that a flow that never
 * names `page` starts no browser. A parameter that is not destructured (or uses
 * a rest element) gets every fixture.
 */
export function usedFixtures(fn: (...args: never[]) => unknown): Set<FixtureName> {
  return fixturesOfSource(fn.toString());
}

/**
 * A guess, from a flow file's text before it loads, of the fixtures its `run` names: the
 * runner opens the browser while the module loads when this says `page`, `context` or
 * `browser`. A wrong guess costs time only: what the loaded `run` names decides.
 */
export function fixturesNamedInText(text: string): Set<FixtureName> {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:\\])\/\/.*$/gm, "$1");
  const run = /\brun\s*(?::|(?=\())/.exec(code);
  return run ? fixturesOfSource(code.slice(run.index + run[0].length)) : new Set(FIXTURES);
}

function fixturesOfSource(source: string): Set<FixtureName> {
  const params = firstParameter(source.trim());
  if (params === undefined) return new Set();
  if (!params.startsWith("{") || params.includes("...")) return new Set(FIXTURES);
  const body = params.slice(1, params.lastIndexOf("}"));
  const names = splitTopLevel(body)
    .map((part) => /^\s*([A-Za-z_$][\w$]*)/.exec(part)?.[1])
    .filter((name): name is string => name !== undefined);
  return new Set(FIXTURES.filter((fixture) => names.includes(fixture)));
}

function firstParameter(source: string): string | undefined {
  const open = source.indexOf("(");
  const arrow = source.indexOf("=>");
  if (open === -1 || (arrow !== -1 && arrow < open)) {
    // `x => ...`: a single plain parameter.
    const single = source
      .slice(0, arrow)
      .replace(/^async\s+/, "")
      .trim();
    return single === "" ? undefined : single;
  }
  let depth = 0;
  for (let i = open; i < source.length; i++) {
    const char = source[i];
    if (char === "(" || char === "{" || char === "[") depth++;
    else if (char === ")" || char === "}" || char === "]") depth--;
    if (depth === 0) {
      const inner = source.slice(open + 1, i).trim();
      return splitTopLevel(inner)[0]?.trim() || undefined;
    }
  }
  return undefined;
}

function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === "(" || char === "{" || char === "[") depth++;
    else if (char === ")" || char === "}" || char === "]") depth--;
    else if (char === "," && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.filter((part) => part.trim() !== "");
}
