import { describe, expect, it } from "vitest";
import { failureLocation, isProjectPath, renderCodeFrame } from "./code-frame.js";

const lines = ["a", "b", "c", "d <x>", "e", "f", "g", "h"];

describe("the code frame at a failure", () => {
  it("takes the innermost failed step that says where it failed", () => {
    const steps = [
      { name: "ok", status: "pass", location: { file: "x.ts", line: 1 } },
      {
        name: "outer",
        status: "fail",
        location: { file: "flow.ts", line: 3 },
        steps: [{ name: "inner", status: "fail", location: { file: "page.ts", line: 9 } }],
      },
    ];
    expect(failureLocation(steps)).toEqual({ file: "page.ts", line: 9 });
    expect(failureLocation([{ name: "s", status: "fail", location: { file: 1 } }])).toBe(undefined);
  });

  it("reads only relative paths inside the project", () => {
    expect(isProjectPath(".verify/src/flows/a.ts")).toBe(true);
    for (const path of ["/etc/passwd", "../x.ts", "a/../../x.ts", "C:\\x.ts", ""])
      expect(isProjectPath(path)).toBe(false);
    expect(renderCodeFrame({ file: "/abs/a.ts", line: 1 }, () => lines)).toBe(undefined);
  });

  it("shows three lines either side, the failing one marked, all escaped", () => {
    const html = renderCodeFrame({ file: "a.ts", line: 4 }, () => lines) ?? "";
    expect(html.match(/class="code-line/g)).toHaveLength(7);
    expect(html).toContain(
      '<span class="code-line hit" aria-current="true">&gt; 4 | d &lt;x&gt;</span>',
    );
    expect(html).toContain("<code>a.ts:4</code>");
    expect(renderCodeFrame({ file: "a.ts", line: 99 }, () => lines)).toBe(undefined);
    expect(renderCodeFrame({ file: "a.ts", line: 1 }, () => undefined)).toBe(undefined);
  });
});
