#!/usr/bin/env node
// Writes the generated parts of docs/reference/*.md from the code, so the docs cannot drift:
//   - each CLI's usage, from the built bins' --help, for every command and subcommand;
//   - docs/reference/contracts.md's list of every JSON Schema file and its top-level fields.
// Each generated part sits between <!-- generated:begin NAME --> and <!-- generated:end NAME -->;
// the text around the markers is written by hand and kept as it is.
//
//   node scripts/cli-docs.mjs            rewrite the generated parts (pnpm docs:cli)
//   node scripts/cli-docs.mjs --check    exit 1, naming the files, when a generated part is stale
//   --docs DIR                           the reference folder (default: docs/reference)
// Needs the bins built (pnpm build).
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { exitOnHelp } from "./lib/usage.mjs";

exitOnHelp(import.meta.url);

const root = fileURLToPath(new URL("..", import.meta.url));

const BINS = [
  // The one-name package; optional so this script runs on a checkout from before it existed.
  { name: "agent-verify", bin: "packages/agent-verify/bin/agent-verify.js", optional: true },
  { name: "verify-runner", bin: "packages/runner/bin/verify-runner.cjs" },
  { name: "verify-manager", bin: "packages/manager/bin/verify-manager.js" },
  { name: "verify-gates", bin: "packages/gates/bin/verify-gates.js" },
];
const SCHEMA_DIR = "packages/contract/schema";

function parseCliArgs(argv) {
  const options = { check: false, docs: join(root, "docs/reference") };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--check") options.check = true;
    else if (argv[i] === "--docs" && argv[i + 1]) options.docs = argv[++i];
    else throw new Error(`unknown argument ${argv[i]} (use --check, --docs DIR)`);
  }
  return options;
}

// The help text of `<bin> ...words --help`, run outside any project, with a fixed width and no colour.
function helpOf(bin, words, cwd) {
  const run = spawnSync(process.execPath, [join(root, bin), ...words, "--help"], {
    cwd,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0", COLUMNS: "80" },
    timeout: 30_000,
  });
  if (run.error) throw new Error(`${bin} ${words.join(" ")} --help: ${run.error.message}`);
  if (run.status !== 0) {
    throw new Error(`${bin} ${[...words, "--help"].join(" ")} exited ${run.status}: ${run.stderr}`);
  }
  // verify-runner keeps its one-JSON-object stdout even for --help: the text is its `usage`.
  try {
    const parsed = JSON.parse(run.stdout);
    if (typeof parsed?.usage === "string") return parsed.usage.trimEnd();
  } catch {
    // plain text help (commander)
  }
  return run.stdout.trimEnd();
}

// Subcommand names listed under a commander "Commands:" heading (without `help`).
function subcommandsOf(help) {
  const lines = help.split("\n");
  const start = lines.findIndex((line) => line.trim() === "Commands:");
  if (start < 0) return [];
  const names = [];
  for (const line of lines.slice(start + 1)) {
    if (line.trim() === "") break;
    const match = /^ {2}([a-z][\w-]*)/.exec(line);
    if (match && match[1] !== "help") names.push(match[1]);
  }
  return names;
}

function commandTree(bin, words, cwd) {
  const help = helpOf(bin, words, cwd);
  const children = subcommandsOf(help).flatMap((name) => commandTree(bin, [...words, name], cwd));
  return [{ words, help }, ...children];
}

function usageSection({ name, bin, optional }, cwd) {
  if (optional && !existsSync(join(root, dirname(dirname(bin)), "package.json"))) {
    return `The \`${name}\` package is not in this checkout.`;
  }
  return commandTree(bin, [], cwd)
    .map(({ words, help }) => {
      const command = [name, ...words].join(" ");
      return `### \`${command}\`\n\n\`\`\`text\n$ ${command} --help\n${help}\n\`\`\``;
    })
    .join("\n\n");
}

function typeOf(schema) {
  if (!schema || typeof schema !== "object") return "any";
  if ("const" in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(" \\| ");
  if (typeof schema.$ref === "string") return schema.$ref.split("/").pop();
  const union = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(union)) return [...new Set(union.map(typeOf))].join(" \\| ");
  if (Array.isArray(schema.type)) return schema.type.join(" \\| ");
  if (schema.type === "array") return `${typeOf(schema.items)}[]`;
  return schema.type ?? "any";
}

function contractsSection() {
  const files = readdirSync(join(root, SCHEMA_DIR))
    .filter((file) => file.endsWith(".json"))
    .sort();
  return files
    .map((file) => {
      const schema = JSON.parse(readFileSync(join(root, SCHEMA_DIR, file), "utf8"));
      const required = new Set(schema.required ?? []);
      const fields = Object.entries(schema.properties ?? {});
      const rows = fields.map(
        ([field, value]) =>
          `| \`${field}\` | ${typeOf(value)} | ${required.has(field) ? "yes" : "no"} |`,
      );
      const table =
        rows.length === 0
          ? "No fields."
          : ["| field | type | required |", "| --- | --- | --- |", ...rows].join("\n");
      const link = `[\`${file}\`](../../${SCHEMA_DIR}/${file})`;
      return `### ${link}\n\n${table}`;
    })
    .join("\n\n");
}

function replaceBetween(text, name, body, file) {
  const begin = `<!-- generated:begin ${name} -->`;
  const end = `<!-- generated:end ${name} -->`;
  const from = text.indexOf(begin);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`${file}: no ${begin} … ${end} markers`);
  const note = "<!-- Written by `pnpm docs:cli` (scripts/cli-docs.mjs); do not edit by hand. -->";
  return `${text.slice(0, from)}${begin}\n${note}\n\n${body}\n\n${text.slice(to)}`;
}

// Formatted as `prettier --check .` expects, so the generated files pass the lint as written.
async function formatted(text, path) {
  const prettier = await import("prettier");
  const config = (await prettier.resolveConfig(path)) ?? {};
  return prettier.format(text, { ...config, filepath: path });
}

async function main() {
  const options = parseCliArgs(process.argv.slice(2));
  const cwd = mkdtempSync(join(tmpdir(), "cli-docs-"));
  const stale = [];
  try {
    const targets = [
      ...BINS.map((entry) => ({
        file: `${entry.name}.md`,
        name: "usage",
        body: () => usageSection(entry, cwd),
      })),
      { file: "contracts.md", name: "schemas", body: contractsSection },
    ];
    for (const target of targets) {
      const path = join(options.docs, target.file);
      const before = readFileSync(path, "utf8");
      const after = await formatted(replaceBetween(before, target.name, target.body(), path), path);
      if (after === before) continue;
      stale.push(relative(process.cwd(), path) || path);
      if (!options.check) writeFileSync(path, after);
    }
  } finally {
    rmSync(cwd, { recursive: true, force: true });
  }
  if (options.check && stale.length > 0) {
    process.stderr.write(
      `cli-docs: ${stale.join(", ")} differ from the bins' --help and the JSON Schemas; ` +
        `run \`pnpm docs:cli\` (after \`pnpm build\`) and commit the result\n`,
    );
    process.exitCode = 1;
    return;
  }
  process.stderr.write(
    stale.length === 0
      ? "cli-docs: docs/reference is up to date\n"
      : `cli-docs: wrote ${stale.join(", ")}\n`,
  );
}

try {
  await main();
} catch (error) {
  process.stderr.write(`cli-docs: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 2;
}
