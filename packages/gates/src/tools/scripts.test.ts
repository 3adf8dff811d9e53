import { describe, expect, it } from "vitest";
import { scriptCommands } from "./scripts.js";

describe("commands from package.json scripts", () => {
  it("a modern library's scripts: tsgo types, oxlint and oxfmt as two stages, vitest run once", () => {
    expect(
      scriptCommands({
        "test:types": "tsgo --noEmit",
        lint: "oxlint src && oxfmt --check src test",
        test: "vitest --coverage",
        format: "oxfmt src test",
      }),
    ).toEqual({
      typecheck: ["tsgo --noEmit"],
      lint: ["oxlint src"],
      format: ["oxfmt --check src test"],
      test: ["vitest run --coverage"],
    });
  });

  it("follows scripts that run scripts, drops writes, watches, builds and task runners", () => {
    expect(
      scriptCommands({
        ci: "pnpm run check && npm test",
        check: "NODE_ENV=test tsc --noEmit -p . && eslint .",
        test: "c8 --check-coverage node --test test/",
        "lint:fix": "eslint . --fix",
        build: "tsc -p tsconfig.build.json",
        dev: "vitest",
        all: "turbo run lint",
        emit: "tsc",
      }),
    ).toEqual({
      typecheck: ["tsc --noEmit -p ."],
      lint: ["eslint ."],
      test: ["node --test test/"],
    });
  });

  it("an unknown tool counts only in a script named for a stage, as that stage's plain command", () => {
    expect(
      scriptCommands({
        lint: "publint && biome check src",
        docs: "typedoc src",
        "test:e2e": "playwright test",
      }),
    ).toEqual({ lint: ["publint", "biome check src"] });
  });

  it("a known tool's segment with shell syntax is not run by gates (its default detection is)", () => {
    expect(
      scriptCommands({ test: "vitest run | tee out.txt", lint: "eslint $(git ls-files)" }),
    ).toEqual({});
  });

  it("npm's placeholder test script means no tests, not a command named 'exit'", () => {
    expect(scriptCommands({ test: 'echo "Error: no test specified" && exit 1' })).toEqual({});
    expect(scriptCommands({ test: "echo 'Error: no test specified' &&  exit 1" })).toEqual({});
  });

  it("a stage's script that needs a shell runs whole, as `npm run` runs it", () => {
    expect(
      scriptCommands({
        test: "node test/run.js | tap-spec",
        lint: "cd src && publint",
        typecheck: "tsc --noEmit",
        bench: "node bench.js > out.txt",
        "test:unit": "jest --coverage && cat coverage/lcov.info | coveralls",
      }),
    ).toEqual({
      test: ["npm run --silent test", "jest --coverage"],
      lint: ["npm run --silent lint"],
      typecheck: ["tsc --noEmit"],
    });
  });

  it("tests run after a build step test the build's output: left out, gates does not build (issue 46, immer)", () => {
    expect(
      scriptCommands({
        test: "vitest run && yarn test:build && yarn test:flow",
        "test:build": "yarn build && vitest run --config vitest.config.build.ts",
        "test:flow": "yarn flow check __tests__/flow",
        build: "tsup",
      }),
    ).toEqual({ test: ["vitest run"] });
    expect(
      scriptCommands({
        test: "tsup && node --test dist/ && tsc --noEmit",
        "test:dist": "npm run build && npm run test:unit",
        "test:unit": "jest",
        build: "rollup -c",
      }),
    ).toEqual({ typecheck: ["tsc --noEmit"], test: ["jest"] });
    // A type check of the sources (tsc --noEmit) is not a build; the tests after it still run.
    expect(scriptCommands({ test: "tsc --noEmit && vitest run" })).toEqual({
      typecheck: ["tsc --noEmit"],
      test: ["vitest run"],
    });
  });

  it("xo in a test script is the lint stage, not a test command (issue 46, chalk)", () => {
    expect(scriptCommands({ test: "xo && c8 ava && tsd" })).toEqual({
      lint: ["xo"],
      test: ["c8 ava", "tsd"],
    });
    expect(scriptCommands({ lint: "xo --fix" })).toEqual({});
  });
});
