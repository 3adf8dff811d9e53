import { describe, expect, it } from "vitest";
import { docBlocks } from "./doc-blocks.js";

describe("docBlocks", () => {
  it("runs sh blocks, writes file= blocks, leaves every other block alone", () => {
    const markdown = [
      "# Title",
      "```sh",
      "npm init -y",
      "```",
      "```bash",
      "mkdir my-app && cd my-app",
      "```",
      "```html file=index.html",
      "<title>x</title>",
      "```",
      "````md",
      "```sh",
      "inside a four-backtick block: prose",
      "```",
      "````",
      "```sh",
      "# expect exit 1",
      "false",
      "```",
      "```json",
      "{}",
      "```",
      "```shell",
      "not run either",
      "```",
    ].join("\n");
    expect(docBlocks(markdown)).toEqual([
      { kind: "run", line: 2, script: "npm init -y\n", expectExit: 0 },
      { kind: "file", line: 8, path: "index.html", text: "<title>x</title>\n" },
      { kind: "run", line: 16, script: "# expect exit 1\nfalse\n", expectExit: 1 },
    ]);
  });
});
