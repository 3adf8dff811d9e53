import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MAX_CONFIG_BYTES } from "./config-file.js";
import { ConfigError } from "./errors.js";
import { loadManifest, parseManifest } from "./load-manifest.js";

const HEAD = 'version: 1\nrunner_command: "verify-runner {flow}"\n';
const FILE = ".verify/workflows.yaml";

function rejection(run: () => unknown): ConfigError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).not.toContain("\n");
    return error as ConfigError;
  }
  throw new Error("expected a ConfigError");
}

/** A project folder whose .verify/workflows.yaml is made by `place`. */
function project(place: (file: string) => void): string {
  const dir = mkdtempSync(join(tmpdir(), "manifest-limits-"));
  mkdirSync(join(dir, ".verify"));
  place(join(dir, ".verify", "workflows.yaml"));
  return dir;
}

describe("reading a manifest", () => {
  it("refuses a file over 1 MiB, naming the limit", () => {
    const dir = project((file) =>
      writeFileSync(file, `${HEAD}flows: []\n# ${"x".repeat(MAX_CONFIG_BYTES)}\n`),
    );
    const error = rejection(() => loadManifest(dir));
    expect(error.code).toBe("manifest_unreadable");
    expect(error.message).toMatch(/workflows\.yaml: larger than 1048576 bytes/);
  });

  it("reads a manifest of exactly 1 MiB", () => {
    const body = `${HEAD}flows:\n  - name: a\n# `;
    const text = `${body}${"x".repeat(MAX_CONFIG_BYTES - body.length - 1)}\n`;
    expect(Buffer.byteLength(text)).toBe(MAX_CONFIG_BYTES);
    expect(loadManifest(project((file) => writeFileSync(file, text))).flows).toHaveLength(1);
  });

  it.each([
    ["a symlink to /dev/zero", (file: string) => symlinkSync("/dev/zero", file)],
    ["a directory", (file: string) => mkdirSync(file)],
    ["a FIFO with no writer", (file: string) => execFileSync("mkfifo", [file])],
  ])("refuses %s without reading it", (_name, place) => {
    const error = rejection(() => loadManifest(project(place)));
    expect(error.code).toBe("manifest_unreadable");
    expect(error.message).toMatch(/workflows\.yaml: not a regular file$/);
  });

  it("still follows a symlink to a regular manifest", () => {
    const real = join(mkdtempSync(join(tmpdir(), "manifest-real-")), "workflows.yaml");
    writeFileSync(real, `${HEAD}flows:\n  - name: a\n`);
    expect(loadManifest(project((file) => symlinkSync(real, file))).flows[0]?.name).toBe("a");
  });
});

describe("hostile YAML", () => {
  const laughs = [
    'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
    ...["b", "c", "d", "e", "f", "g", "h"].map(
      (name, index) => `${name}: &${name} [${Array(9).fill(`*${"abcdefg"[index]}`).join(",")}]`,
    ),
  ].join("\n");

  it.each([
    [
      "an alias bomb",
      `${HEAD}flows: []\n${laughs}\n`,
      /:\d+: invalid YAML: aliases expand this file to more than/,
    ],
    [
      "5,000 nested flow sequences",
      `${HEAD}flows: []\nx: ${"[".repeat(5000)}${"]".repeat(5000)}\n`,
      /:4: invalid YAML: nested too deeply$/,
    ],
    [
      "5,000 nested flow mappings",
      `${HEAD}flows: []\nx: ${"{a: ".repeat(5000)}1${"}".repeat(5000)}\n`,
      /:4: invalid YAML: nested too deeply$/,
    ],
    [
      "5,000 nested block sequences",
      `${HEAD}flows:\n${"- ".repeat(5000)}x\n`,
      /:4: invalid YAML: nested too deeply$/,
    ],
    [
      "100 nested levels (parses, but no config needs it)",
      `${HEAD}flows: []\nx: ${"[".repeat(100)}${"]".repeat(100)}\n`,
      /:4: invalid YAML: nested more than 64 levels deep$/,
    ],
  ])("gives one file:line error for %s", (_name, text, expected) => {
    const error = rejection(() => parseManifest(text, FILE));
    expect(error.code).toBe("manifest_invalid");
    expect(error.message.startsWith(`${FILE}:`)).toBe(true);
    expect(error.message).toMatch(expected);
  });

  it("finds a repeated key among thousands in a nested mapping", () => {
    const keys = Array.from({ length: 3000 }, (_, index) => `    k${index}: 1`);
    keys.push("    k17: 2");
    const text = `${HEAD}flows: []\nbrowser:\n  args:\n${keys.join("\n")}\n`;
    expect(rejection(() => parseManifest(text, FILE)).message).toBe(
      `${FILE}:${keys.length + 5}: invalid YAML: Map keys must be unique`,
    );
  });

  it("keeps ordinary anchors and aliases working", () => {
    const manifest = parseManifest(
      `${HEAD}flows:\n  - name: a\n    tags: &t [x, y]\n  - name: b\n    tags: *t\n`,
      FILE,
    );
    expect(manifest.flows[1]?.tags).toEqual(["x", "y"]);
  });
});
