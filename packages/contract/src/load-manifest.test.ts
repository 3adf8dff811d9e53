import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError } from "./errors.js";
import { loadManifest, parseManifest } from "./load-manifest.js";

const HEAD = 'version: 1\nrunner_command: "verify-runner {flow}"\n';
const FILE = ".verify/workflows.yaml";

function errorOf(text: string): string {
  try {
    parseManifest(text, FILE);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("expected the manifest to be rejected");
}

describe("parseManifest", () => {
  it("loads a full manifest with defaults filled in", () => {
    const manifest = parseManifest(
      `${HEAD}base_url: "http://127.0.0.1:4173"
web_server:
  command: "node server.js"
  url: "http://127.0.0.1:4173/health"
browser:
  executable_path: /usr/bin/chromium
flows:
  - name: checkout-happy-path
    description: Buys a mug.
    timeout_s: 45
    tags: [critical, checkout]
  - name: api.health_2
`,
    );
    expect(manifest.web_server).toEqual({
      command: "node server.js",
      url: "http://127.0.0.1:4173/health",
      timeout_s: 30,
    });
    expect(manifest.browser).toEqual({
      executable_path: "/usr/bin/chromium",
      headless: true,
      args: [],
    });
    expect(manifest.flows).toEqual([
      {
        name: "checkout-happy-path",
        description: "Buys a mug.",
        timeout_s: 45,
        tags: ["critical", "checkout"],
      },
      { name: "api.health_2", description: "", timeout_s: 60, tags: [] },
    ]);
  });

  it("fills in the tickets section's defaults", () => {
    const manifest = parseManifest(`${HEAD}tickets: {}\nflows: []\n`, FILE);
    expect(manifest.tickets).toEqual({
      retry_budget: 3,
      flaky_reruns: 1,
      flaky_threshold: 1,
      confirm_runs: 1,
      run_gates: "auto",
      gates_command: "node_modules/.bin/verify-gates",
    });
    expect(parseManifest(`${HEAD}flows: []\n`, FILE).tickets).toBeUndefined();
  });

  it("accepts an empty flow list and a custom flows_dir", () => {
    expect(parseManifest(`${HEAD}flows_dir: e2e/flows\nflows: []\n`)).toMatchObject({
      flows_dir: "e2e/flows",
      flows: [],
    });
  });

  it.each([
    ["missing version", 'runner_command: "r {flow}"\nflows: []\n', "1: version: is required"],
    [
      "wrong version",
      'version: 2\nrunner_command: "r {flow}"\nflows: []\n',
      "1: version: expected 1",
    ],
    [
      "runner_command without {flow}",
      'version: 1\nrunner_command: "r"\nflows: []\n',
      "2: runner_command: must contain {flow}",
    ],
    [
      "runner_command not a string",
      "version: 1\nrunner_command: 3\nflows: []\n",
      "2: runner_command: expected a command string",
    ],
    ["flows missing", HEAD, "1: flows: is required"],
    ["flows not a list", `${HEAD}flows: nope\n`, "3: flows: expected a list of flows"],
    [
      "negative timeout",
      `${HEAD}flows:\n  - name: a\n  - name: b\n  - name: c\n    timeout_s: -5\n`,
      "7: flows[2].timeout_s: expected a positive number",
    ],
    [
      "string timeout",
      `${HEAD}flows:\n  - name: a\n    timeout_s: soon\n`,
      "5: flows[0].timeout_s: expected a positive number",
    ],
    ["unknown top-level key", `${HEAD}flows: []\nretries: 3\n`, "4: retries: unknown key"],
    [
      "unknown flow key",
      `${HEAD}flows:\n  - name: a\n    retry: true\n`,
      "5: flows[0].retry: unknown key",
    ],
    [
      "duplicate flow names",
      `${HEAD}flows:\n  - name: a\n  - name: b\n  - name: a\n`,
      "6: flows[2].name: duplicate flow name 'a' (first at flows[0])",
    ],
    [
      "upper-case name",
      `${HEAD}flows:\n  - name: Checkout\n`,
      "4: flows[0].name: expected a name matching",
    ],
    [
      "name with a space",
      `${HEAD}flows:\n  - name: "a b"\n`,
      "4: flows[0].name: expected a name matching",
    ],
    [
      "name starting with a dash",
      `${HEAD}flows:\n  - name: "-list"\n`,
      "4: flows[0].name: expected a name matching",
    ],
    [
      "name too long",
      `${HEAD}flows:\n  - name: ${"a".repeat(129)}\n`,
      "4: flows[0].name: expected a name matching",
    ],
    ["flow without name", `${HEAD}flows:\n  - description: x\n`, "4: flows[0].name: is required"],
    [
      "tags not a list",
      `${HEAD}flows:\n  - name: a\n    tags: critical\n`,
      "5: flows[0].tags: expected a list of tags",
    ],
    [
      "bad base_url",
      `${HEAD}base_url: localhost:3000\nflows: []\n`,
      "3: base_url: expected an http(s) URL",
    ],
    [
      "web_server without url",
      `${HEAD}web_server:\n  command: x\nflows: []\n`,
      "3: web_server.url: is required",
    ],
    [
      "web_server unknown key",
      `${HEAD}web_server:\n  command: x\n  url: http://h/\n  port: 3\nflows: []\n`,
      "6: web_server.port: unknown key",
    ],
    [
      "browser.headless not boolean",
      `${HEAD}browser:\n  headless: maybe\nflows: []\n`,
      "4: browser.headless: expected true or false",
    ],
    [
      "duplicate YAML key",
      `${HEAD}flows: []\nflows: []\n`,
      "4: invalid YAML: Map keys must be unique",
    ],
    ["broken YAML", `${HEAD}flows:\n  - name: [a\n`, "invalid YAML:"],
    [
      "not a mapping",
      "- just\n- a list\n",
      "1: (document): expected a YAML mapping at the top level",
    ],
    ["empty file", "", "1: (document): expected a YAML mapping at the top level"],
    [
      "retry budget of 0",
      `${HEAD}tickets:\n  retry_budget: 0\nflows: []\n`,
      "4: tickets.retry_budget: expected at least 1",
    ],
    [
      "fractional flaky reruns",
      `${HEAD}tickets:\n  flaky_reruns: 1.5\nflows: []\n`,
      "4: tickets.flaky_reruns: expected a whole number",
    ],
    [
      "a flaky threshold of 0",
      `${HEAD}tickets:\n  flaky_threshold: 0\nflows: []\n`,
      "4: tickets.flaky_threshold: expected at least 1",
    ],
    [
      "a fractional flaky threshold",
      `${HEAD}tickets:\n  flaky_threshold: 2.5\nflows: []\n`,
      "4: tickets.flaky_threshold: expected a whole number",
    ],
    [
      "unknown run_gates",
      `${HEAD}tickets:\n  run_gates: sometimes\nflows: []\n`,
      "4: tickets.run_gates: expected auto, always or requested",
    ],
    [
      "unknown tickets key",
      `${HEAD}tickets:\n  budget: 3\nflows: []\n`,
      "4: tickets.budget: unknown key",
    ],
    [
      "a NUL byte in a value",
      `${HEAD}flows:\n  - name: checkout\n    description: "Buys\u0000 a mug"\n`,
      "5: invalid YAML: a NUL byte (column 23)",
    ],
    [
      "a NUL byte in a comment",
      `${HEAD}# notes\u0000\nflows: []\n`,
      "3: invalid YAML: a NUL byte (column 8)",
    ],
    [
      "another control character",
      `${HEAD}flows: []\u0007\n`,
      "3: invalid YAML: a control character U+0007 (column 10)",
    ],
  ])("rejects %s", (_name, text, expected) => {
    const message = errorOf(text);
    expect(message.startsWith(`${FILE}:`)).toBe(true);
    expect(message).toContain(expected);
    expect(message).not.toContain("\n");
  });
});

describe("loadManifest", () => {
  it("reads <dir>/.verify/workflows.yaml", () => {
    const dir = mkdtempSync(join(tmpdir(), "manifest-"));
    mkdirSync(join(dir, ".verify"));
    writeFileSync(join(dir, ".verify", "workflows.yaml"), `${HEAD}flows:\n  - name: a\n`);
    expect(loadManifest(dir).flows[0]?.name).toBe("a");
  });

  it("says the file is missing, naming it", () => {
    const dir = mkdtempSync(join(tmpdir(), "manifest-"));
    expect(() => loadManifest(dir)).toThrow(
      `${join(dir, ".verify", "workflows.yaml")}: file not found`,
    );
    try {
      loadManifest(dir);
    } catch (error) {
      expect((error as ConfigError).code).toBe("manifest_missing");
    }
  });
});
