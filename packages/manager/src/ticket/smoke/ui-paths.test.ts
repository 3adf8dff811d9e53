import { describe, expect, it } from "vitest";
import { globToRegExp } from "./glob.js";
import { DEFAULT_UI_PATHS, smokeSteps, uiChanges, uiGlobs } from "./ui-paths.js";

describe("globs", () => {
  it.each<[string, string, boolean]>([
    ["src/**", "src/a/b.ts", true],
    ["src/**", "lib/a.ts", false],
    ["**/components/**", "components/x.ts", true],
    ["**/components/**", "src/components/cart/x.ts", true],
    ["**/components/**", "src/componentsx/x.ts", false],
    ["*.css", "a.css", true],
    ["*.css", "src/a.css", false],
    ["**/*.{css,tsx}", "src/a/b.tsx", true],
    ["**/*.{css,tsx}", "b.css", true],
    ["**/*.{css,tsx}", "b.ts", false],
    ["a?.js", "ab.js", true],
    ["a?.js", "a/.js", false],
    ["file.name+x.md", "file.name+x.md", true],
    ["file.name+x.md", "fileXname+x.md", false],
  ])("%s matches %s: %s", (glob, path, expected) => {
    expect(globToRegExp(glob).test(path)).toBe(expected);
  });
});

describe("UI paths", () => {
  it.each<[string, string[], string[]]>([
    [
      "components and styles",
      ["src/components/Cart.tsx", "src/app.css", "src/cart.ts"],
      ["src/components/Cart.tsx", "src/app.css"],
    ],
    ["server code only", ["src/server.ts", "README.md"], []],
    ["flows are test code", [".verify/src/pages/cart-page.ts"], []],
    ["an extension folder", ["extension/popup.js"], ["extension/popup.js"]],
  ])("%s", (_label, files, ui) => {
    expect(uiChanges(files, uiGlobs(undefined, null))).toEqual(ui);
  });

  it("takes tickets.ui_paths over the defaults, and adds the static server's folder to them", () => {
    expect(uiGlobs(["web/**"], null)).toEqual(["web/**"]);
    const manifest = { web_server: { static: "./site/" } } as unknown as Parameters<
      typeof uiGlobs
    >[1];
    expect(uiGlobs(undefined, manifest)).toEqual([...DEFAULT_UI_PATHS, "site/**"]);
    expect(uiChanges(["site/index.js"], uiGlobs(undefined, manifest))).toEqual(["site/index.js"]);
  });

  it("steps name the app, the files and each flow", () => {
    expect(
      smokeSteps(
        ["src/a.tsx"],
        [{ name: "checkout", description: "pays" }],
        "http://127.0.0.1:4173",
      ),
    ).toEqual([
      "start the app (http://127.0.0.1:4173) and open the screens these files render: src/a.tsx",
      "walk through checkout by hand: pays",
      "check the changed screens in a narrow (mobile) window and with the keyboard only",
    ]);
  });
});
