/** JSON with comments and trailing commas (tsconfig, .oxlintrc.json, biome.jsonc). */
export function parseJsonc(text: string): unknown {
  const stripped = text
    .replace(
      /("(?:[^"\\]|\\.)*")|\/\/[^\n]*|\/\*[\s\S]*?\*\//g,
      (_m, str: string | undefined) => str ?? "",
    )
    .replace(/,(\s*[}\]])/g, "$1");
  try {
    return JSON.parse(stripped) as unknown;
  } catch {
    return undefined;
  }
}
