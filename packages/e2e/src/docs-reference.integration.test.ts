// The docs cannot drift from the code: docs/reference/*.md carry the built bins' --help and the
// JSON Schemas' fields as scripts/cli-docs.mjs writes them, and no relative link points nowhere.
import { spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const script = join(root, "scripts/cli-docs.mjs");
const schemaDir = join(root, "packages/contract/schema");

function cliDocs(args: readonly string[]) {
  const run = spawnSync(process.execPath, [script, ...args], {
    cwd: root,
    encoding: "utf8",
    timeout: 120_000,
  });
  return { status: run.status, stderr: run.stderr };
}

function markdownFiles(): string[] {
  const inDocs = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory()
        ? inDocs(join(dir, entry.name))
        : entry.name.endsWith(".md")
          ? [join(dir, entry.name)]
          : [],
    );
  return [join(root, "README.md"), ...inDocs(join(root, "docs"))];
}

/** Markdown text outside fenced code blocks. */
function prose(text: string): string {
  return text.replace(/^(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1[ \t]*$/gm, "");
}

/** GitHub's anchor for a heading. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, "")
    .replace(/ /g, "-");
}

function anchorsOf(file: string): Set<string> {
  const headings = prose(readFileSync(file, "utf8")).match(/^#{1,6} .*$/gm) ?? [];
  return new Set(headings.map((line) => slug(line.replace(/^#+ /, ""))));
}

/** Every relative link (and in-page anchor) of a file that does not resolve: "file:line: target". */
function brokenLinks(file: string): string[] {
  const broken: string[] = [];
  prose(readFileSync(file, "utf8"))
    .split("\n")
    .forEach((line, index) => {
      for (const match of line.matchAll(/\]\(([^)\s]+)(?: "[^"]*")?\)/g)) {
        const target = match[1] as string;
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:
        const [path, anchor] = target.split("#") as [string, string | undefined];
        const resolved = path === "" ? file : resolve(dirname(file), decodeURIComponent(path));
        const where = `${relative(root, file)}:${index + 1}: ${target}`;
        if (!existsSync(resolved)) broken.push(`${where} (no such file)`);
        else if (anchor && resolved.endsWith(".md") && !anchorsOf(resolved).has(anchor)) {
          broken.push(`${where} (no heading #${anchor})`);
        }
      }
    });
  return broken;
}

describe("docs/reference against the code", () => {
  const temps: string[] = [];
  afterEach(() => {
    for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it("matches what `pnpm docs:cli` writes from the bins' --help and the JSON Schemas", () => {
    const check = cliDocs(["--check"]);
    expect(check.status, check.stderr).toBe(0);
  });

  it("fails on a stale reference, says to run `pnpm docs:cli`, and one run of it fixes it", () => {
    const docs = mkdtempSync(join(tmpdir(), "docs-reference-"));
    temps.push(docs);
    cpSync(join(root, "docs/reference"), docs, { recursive: true });
    const manager = join(docs, "verify-manager.md");
    const original = readFileSync(manager, "utf8");
    expect(original).toContain("--grep <pattern>");
    writeFileSync(manager, original.replace("--grep <pattern>", "--grep-old <pattern>"));

    const stale = cliDocs(["--docs", docs, "--check"]);
    expect(stale.status).toBe(1);
    expect(stale.stderr).toContain("verify-manager.md");
    expect(stale.stderr).toContain("run `pnpm docs:cli`");

    expect(cliDocs(["--docs", docs]).status).toBe(0);
    expect(readFileSync(manager, "utf8")).toBe(original);
    // Fixed: every file is the repository's docs/reference again, byte for byte, which is the
    // tree the first test's `--check` passes (one check run over the same bytes, not two).
    const reference = join(root, "docs/reference");
    const names = readdirSync(reference).sort();
    expect(readdirSync(docs).sort()).toEqual(names);
    for (const name of names)
      expect(readFileSync(join(docs, name), "utf8"), name).toBe(
        readFileSync(join(reference, name), "utf8"),
      );
  });

  it("lists every JSON Schema file and each of its top-level fields in docs/reference/contracts.md", () => {
    const contracts = readFileSync(join(root, "docs/reference/contracts.md"), "utf8");
    const sections = contracts.split(/^### /m);
    const files = readdirSync(schemaDir).filter((file) => file.endsWith(".json"));
    expect(files.length).toBeGreaterThan(0);
    const missing: string[] = [];
    for (const file of files) {
      const section = sections.find((part) => part.startsWith(`[\`${file}\`]`));
      if (!section) {
        missing.push(file);
        continue;
      }
      const schema = JSON.parse(readFileSync(join(schemaDir, file), "utf8")) as {
        properties?: Record<string, unknown>;
      };
      for (const field of Object.keys(schema.properties ?? {})) {
        if (!section.includes(`| \`${field}\``)) missing.push(`${file}: ${field}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

describe("README.md and docs/", () => {
  it("have no relative link to a missing file or heading", () => {
    const files = markdownFiles();
    expect(files.length).toBeGreaterThan(5);
    expect(files.flatMap(brokenLinks)).toEqual([]);
  });

  it("keep the README to at most 300 lines", () => {
    const lines = readFileSync(join(root, "README.md"), "utf8").split("\n").length;
    expect(lines).toBeLessThanOrEqual(300);
  });
});
