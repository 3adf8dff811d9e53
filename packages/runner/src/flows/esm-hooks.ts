// Module hooks (node:module register) for flows in a CommonJS host: a package.json
// without "type": "module" makes Node and tsx load .ts/.js files as CommonJS, and a
// CommonJS flow importing the runner (an ES module) fails with "Cannot require() ES
// Module … in a cycle". Files under the given roots (the host's .verify folder and
// flows_dir) are loaded as ES modules instead, whatever the host's "type" says; the
// app's own files and node_modules keep their format.
import { fileURLToPath } from "node:url";
import { sep } from "node:path";

export interface EsmHooksData {
  roots: string[];
}

interface ResolveResult {
  url: string;
  format?: string | null | undefined;
}
type NextResolve = (specifier: string, context: unknown) => Promise<ResolveResult>;

const FORCED = /\.(ts|mts|tsx|js|mjs|jsx)$/;
let roots: string[] = [];

export function initialize(data: EsmHooksData): void {
  roots = data.roots.map((root) => (root.endsWith(sep) ? root : root + sep));
}

function isFlowFile(url: string): boolean {
  if (!url.startsWith("file:")) return false;
  const path = fileURLToPath(url);
  if (!FORCED.test(path) || path.includes(`${sep}node_modules${sep}`)) return false;
  return roots.some((root) => path.startsWith(root));
}

export async function resolve(
  specifier: string,
  context: unknown,
  next: NextResolve,
): Promise<ResolveResult> {
  const result = await next(specifier, context);
  if (result.format === "module" || !isFlowFile(result.url)) return result;
  return { ...result, format: "module" };
}
