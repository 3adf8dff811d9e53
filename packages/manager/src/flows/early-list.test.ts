import { parseManifest } from "@agent-verify/contract";
import { describe, expect, it } from "vitest";
import { peekRunnerCommand } from "./early-list.js";

const manifest = (line: string) => `version: 1\n${line}\nflows: []\n`;

describe("peekRunnerCommand", () => {
  it.each([
    'runner_command: "node_modules/.bin/verify-runner {flow}"',
    "runner_command: 'it''s {flow}'",
    "runner_command: pnpm exec verify-runner {flow}",
    'runner_command: "a \\"quoted\\" {flow}"',
    "runner_command:   spaced {flow}   ",
  ])("agrees with the real YAML parser on %s", (line) => {
    const text = manifest(line);
    expect(peekRunnerCommand(text)).toBe(parseManifest(text).runner_command);
  });

  it.each([
    "runner_command: node r.mjs",
    "runner_command: {flow: x}",
    "runner_command: run {flow} # comment",
    "runner_command: >\n  folded {flow}",
    "runner_command: &anchor run {flow}",
    'runner_command: "broken {flow}',
    "  runner_command: nested {flow}",
  ])("gives up (null) when unsure: %s", (line) => {
    expect(peekRunnerCommand(manifest(line))).toBeNull();
  });
});
