import { readFile } from "node:fs/promises";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { gitTry } from "./diff/git.js";

export interface DeliverableOptions {
  file: string;
  minLines?: number;
  cwd?: string;
}

export interface DeliverableFinding {
  file: string;
  line: number | null;
  rule: "missing" | "too-short" | "no-headings" | "fabricated-citation";
  message: string;
}

export interface DeliverableResult {
  schema_version: 1;
  file: string;
  status: "pass" | "fail";
  lines: number;
  citations: number;
  findings: DeliverableFinding[];
}

const CITATION =
  /(?<![\w/.:@-])((?:\.{1,2}\/)?[\w@.-]+(?:\/[\w@.-]+)*\.([A-Za-z0-9]+)):(\d+)(?:-(\d+))?/g;
const KNOWN_EXT = new Set(
  "ts tsx js jsx mjs cjs mts cts json md mdx yaml yml toml py go rs rb java kt swift c h cc cpp hpp cs php sh css scss html txt sql vue svelte".split(
    " ",
  ),
);

async function lineCount(path: string): Promise<number | undefined> {
  const text = await readFile(path, "utf8").catch(() => undefined);
  if (text === undefined) return undefined;
  const lines = text.split("\n");
  return lines[lines.length - 1] === "" ? lines.length - 1 : lines.length;
}

async function citationFindings(
  file: string,
  text: string,
  roots: string[],
): Promise<{ count: number; findings: DeliverableFinding[] }> {
  const findings: DeliverableFinding[] = [];
  let count = 0;
  const lines = text.split("\n");
  for (const [index, line] of lines.entries()) {
    for (const match of line.matchAll(CITATION)) {
      const [, path = "", ext = "", from = "0", to] = match;
      if (!path.includes("/") && !KNOWN_EXT.has(ext.toLowerCase())) continue;
      count += 1;
      const needed = Math.max(Number(from), Number(to ?? from));
      const sizes = await Promise.all(
        roots.map((root) => lineCount(isAbsolute(path) ? path : join(root, path))),
      );
      const longest = Math.max(-1, ...sizes.map((size) => size ?? -1));
      if (longest >= needed) continue;
      const why = longest < 0 ? "the file does not exist" : `the file has only ${longest} lines`;
      findings.push({
        file,
        line: index + 1,
        rule: "fabricated-citation",
        message: `citation ${match[0]} does not resolve: ${why}`,
      });
    }
  }
  return { count, findings };
}

/** A document deliverable: it exists, has at least N lines and headings, and every path:line citation is real. */
export async function checkDeliverable(options: DeliverableOptions): Promise<DeliverableResult> {
  const cwd = options.cwd ?? process.cwd();
  const path = resolve(cwd, options.file);
  const minLines = options.minLines ?? 10;
  const result: DeliverableResult = {
    schema_version: 1,
    file: options.file,
    status: "fail",
    lines: 0,
    citations: 0,
    findings: [],
  };
  const text = await readFile(path, "utf8").catch(() => undefined);
  if (text === undefined) {
    result.findings.push({
      file: options.file,
      line: null,
      rule: "missing",
      message: `${options.file} does not exist`,
    });
    return result;
  }
  const lines = text.split("\n");
  result.lines = lines.filter((line) => line.trim() !== "").length;
  if (result.lines < minLines) {
    result.findings.push({
      file: options.file,
      line: null,
      rule: "too-short",
      message: `${result.lines} non-empty lines, fewer than ${minLines}`,
    });
  }
  if (!lines.some((line) => /^#{1,6}\s+\S/.test(line))) {
    result.findings.push({
      file: options.file,
      line: null,
      rule: "no-headings",
      message: "no markdown heading",
    });
  }
  const top = await gitTry(dirname(path), ["rev-parse", "--show-toplevel"]);
  const roots = [...new Set([top.ok ? top.stdout.trim() : cwd, dirname(path), cwd])];
  const citations = await citationFindings(options.file, text, roots);
  result.citations = citations.count;
  result.findings.push(...citations.findings);
  result.status = result.findings.length === 0 ? "pass" : "fail";
  return result;
}
