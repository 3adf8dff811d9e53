// The corpus (issue 46 §1): public repositories people depend on, each pinned to one commit, with
// how it installs, the checks it runs itself (its own scripts: they decide green or red), the
// checks a person would run by hand scoped to a change, and the honest changes an agent makes
// there. Which toolchain each one brings is in `covers`.
//
// A change is a list of edits: { file, find, replace } (find must occur once), { file, append },
// { file, write } (a new file), { rename: [from, to] } (a word renamed in every tracked source,
// test and doc file that holds it) or { bump: "pkg" } (the package moved to another published
// version in the manifest and the lockfile, really reinstalled). After the edits the repository's
// own formatter runs on the changed files, as an honest agent's editor does.

const q = (files) => files.map((f) => `'${f}'`).join(" ");
const code = (files, re = /\.(?:[cm]?[jt]sx?)$/) => files.filter((f) => re.test(f));

/** A new module and its test, for each runner: `name` is the module's file name without extension. */
const clampSource = {
  ts: "export function clampCorpus(value: number, min: number, max: number): number {\n  return Math.min(Math.max(value, min), max);\n}\n",
  esm: "export function clampCorpus(value, min, max) {\n  return Math.min(Math.max(value, min), max);\n}\n",
  cjs: "'use strict'\n\nmodule.exports = function clampCorpus (value, min, max) {\n  return Math.min(Math.max(value, min), max)\n}\n",
};
const vitestClamp = (from) =>
  `import { expect, test } from "vitest";\nimport { clampCorpus } from "${from}";\n\ntest("clampCorpus keeps a value inside its bounds", () => {\n  expect(clampCorpus(5, 0, 3)).toBe(3);\n  expect(clampCorpus(-1, 0, 3)).toBe(0);\n  expect(clampCorpus(2, 0, 3)).toBe(2);\n});\n`;

export const REPOS = [
  {
    name: "ufo",
    source: "unjs/ufo",
    commit: "11308c0bb5cb4a4bc3bfcbdc5c03177b097423e6",
    covers: "vitest --typecheck (type tests), eslint 9 flat, prettier, pnpm",
    pnpm: "10.28.0",
    install: "pnpm install --frozen-lockfile --prefer-offline",
    lockfile: "pnpm-lock.yaml",
    own: ["pnpm lint", "pnpm vitest run --typecheck"],
    format: (files) => `prettier -w --ignore-unknown ${q(files)}`,
    hand: (files) => [
      code(files).length && `vitest related --run --typecheck ${q(code(files))}`,
      code(files).length && `eslint ${q(code(files))}`,
      `prettier -c --ignore-unknown ${q(files)}`,
    ],
    changes: {
      fix: [
        {
          file: "src/utils.ts",
          find: 'export function hasLeadingSlash(input = ""): boolean {\n  return input.startsWith("/");',
          replace:
            'export function hasLeadingSlash(input = ""): boolean {\n  return input.charAt(0) === "/";',
        },
        {
          file: "test/utilities.test.ts",
          append:
            '\ndescribe("isRelative of a dot path", () => {\n  test("./foo is relative", () => {\n    expect(isRelative("./foo")).toBe(true);\n  });\n});\n',
        },
      ],
      module: [
        { file: "src/clamp-corpus.ts", write: clampSource.ts },
        { file: "test/clamp-corpus.test.ts", write: vitestClamp("../src/clamp-corpus") },
      ],
      rename: [{ rename: ["cleanDoubleSlashes", "collapseDoubleSlashes"] }],
      types: [{ file: "src/utils.ts", append: "\nexport type CorpusSlash = `/${string}`;\n" }],
      docs: [{ file: "README.md", append: "\n## Corpus\n\nA note on trailing slashes.\n" }],
      deps: [{ bump: "eslint-config-unjs" }],
      break: {
        edits: [
          {
            file: "src/utils.ts",
            find: 'export function hasLeadingSlash(input = ""): boolean {\n  return input.startsWith("/");',
            replace:
              'export function hasLeadingSlash(input = ""): boolean {\n  return input.startsWith("//");',
          },
        ],
        test: "test/",
      },
    },
  },
  {
    name: "rou3",
    source: "h3js/rou3",
    commit: "39b0e9b79585cea3871629a2aa23d4e693b276fb",
    covers: "vitest typecheck.enabled, tsgo, oxlint + oxfmt, pnpm workspace",
    // it pins pnpm 11, which needs Node 22 (node:sqlite): pnpm 10 installs its lockfile on Node 20
    pnpm: "10.28.0",
    install: "pnpm install --frozen-lockfile --prefer-offline",
    lockfile: "pnpm-lock.yaml",
    own: ["pnpm lint", "pnpm test:types", "pnpm vitest run"],
    format: (files) => {
      const src = code(files);
      return src.length ? `oxfmt ${q(src)}` : "true";
    },
    hand: (files) => [
      code(files).length && `vitest related --run ${q(code(files))}`,
      code(files).length && "tsgo --noEmit",
      code(files).length && `oxlint ${q(code(files))}`,
      code(files).length && `oxfmt --check ${q(code(files))}`,
    ],
    changes: {
      fix: [
        {
          file: "src/_group-names.ts",
          find: "export function toUnnamedGroupKey(index: number): string {\n  return `${UNNAMED_GROUP_PREFIX}${index}`;",
          replace:
            "export function toUnnamedGroupKey(index: number): string {\n  return UNNAMED_GROUP_PREFIX + String(index);",
        },
        {
          file: "test/group-names.test.ts",
          append:
            '\ndescribe("group names of digits", () => {\n  it("round-trips a name that starts with a digit", () => {\n    expect(fromGroupName(toGroupName("1abc"))).toBe("1abc");\n  });\n});\n',
        },
      ],
      module: [
        { file: "src/clamp-corpus.ts", write: clampSource.ts },
        { file: "test/clamp-corpus.test.ts", write: vitestClamp("../src/clamp-corpus.ts") },
      ],
      rename: [{ rename: ["toUnnamedGroupKey", "unnamedGroupKeyOf"] }],
      types: [{ file: "src/types.ts", append: "\nexport type CorpusMethod = string & {};\n" }],
      docs: [{ file: "README.md", append: "\n## Corpus\n\nA note on route groups.\n" }],
      deps: [{ bump: "@types/node" }],
      break: {
        edits: [
          {
            file: "src/_group-names.ts",
            find: "export function toUnnamedGroupKey(index: number): string {\n  return `${UNNAMED_GROUP_PREFIX}${index}`;",
            replace:
              "export function toUnnamedGroupKey(index: number): string {\n  return `${UNNAMED_GROUP_PREFIX}${index + 1}`;",
          },
        ],
        test: "test/",
      },
    },
  },
  {
    name: "fastify-plugin",
    source: "fastify/fastify-plugin",
    commit: "f06b46c4f882dac70e63ebd75bd23cb015ed67ba",
    covers: "node --test under c8, tstyche, eslint 9 flat (neostandard), npm without lockfile",
    install: "npm install --no-audit --no-fund --prefer-offline",
    own: ["npm run lint", "npm run test:unit", "npm run test:typescript"],
    format: (files) => {
      const src = code(files);
      return src.length ? `eslint --fix ${q(src)} || true` : "true";
    },
    hand: (files) => [
      code(files).length &&
        `node --test ${q(code(files).filter((f) => f.startsWith("test/")).length ? code(files).filter((f) => f.startsWith("test/")) : ["test/"])}`,
      code(files).length && `eslint ${q(code(files))}`,
    ],
    changes: {
      fix: [
        {
          file: "lib/toCamelCase.js",
          find: "  if (name[0] === '@') {",
          replace: "  if (name.startsWith('@')) {",
        },
        {
          file: "test/toCamelCase.test.js",
          append:
            "\ntest('from a single word', (t) => {\n  t.plan(1)\n  t.assert.strictEqual(toCamelCase('hello'), 'hello')\n})\n",
        },
      ],
      module: [
        { file: "lib/clampCorpus.js", write: clampSource.cjs },
        {
          file: "test/clampCorpus.test.js",
          write:
            "'use strict'\n\nconst { test } = require('node:test')\nconst clampCorpus = require('../lib/clampCorpus')\n\ntest('clampCorpus keeps a value inside its bounds', (t) => {\n  t.plan(3)\n  t.assert.strictEqual(clampCorpus(5, 0, 3), 3)\n  t.assert.strictEqual(clampCorpus(-1, 0, 3), 0)\n  t.assert.strictEqual(clampCorpus(2, 0, 3), 2)\n})\n",
        },
      ],
      rename: [{ rename: ["toCamelCase", "camelCaseOf"] }],
      types: [
        {
          file: "types/index.d.ts",
          find: "declare namespace fastifyPlugin {",
          replace: "declare namespace fastifyPlugin {\n  export type CorpusName = string\n",
        },
      ],
      docs: [{ file: "README.md", append: "\n## Corpus\n\nA note on plugin names.\n" }],
      deps: [{ bump: "proxyquire" }],
      break: {
        edits: [
          {
            file: "lib/toCamelCase.js",
            find: "    return g1.toUpperCase()",
            replace: "    return g1",
          },
        ],
        test: "camelCase",
      },
    },
  },
  {
    name: "express",
    source: "expressjs/express",
    commit: "a3714473feb3d2908add734d340e7755fd85e0a3",
    covers: "mocha, eslint 9 flat (.eslintrc.yml left beside it), npm without lockfile",
    // its res.sendFile tests answer 404 under a path with a dot folder (~/.cache: send's dotfiles
    // rule), and mocha then never exits: run it with CORPUS_CACHE outside a dot folder
    install: "npm install --no-audit --no-fund --prefer-offline",
    own: ["npm run lint", "npm test"],
    gatesYaml:
      "version: 1\ncommands:\n  lint: eslint .\n  test: mocha --require test/support/env --reporter spec --check-leaks test/ test/acceptance/\n",
    format: () => "true",
    hand: (files) => [
      code(files).length &&
        `mocha --require test/support/env --check-leaks --exit ${q(code(files).filter((f) => f.startsWith("test/")).length ? code(files).filter((f) => f.startsWith("test/")) : ["test/"])}`,
      code(files).length && `eslint ${q(code(files))}`,
    ],
    changes: {
      fix: [
        {
          file: "lib/utils.js",
          find: "  var buf = !Buffer.isBuffer(body)",
          replace: "  const buf = !Buffer.isBuffer(body)",
        },
        {
          file: "test/utils.js",
          append:
            "\ndescribe('utils.etag of a buffer', function () {\n  it('should equal the etag of its string', function () {\n    assert.strictEqual(utils.etag(Buffer.from('express')), utils.etag('express'))\n  })\n})\n",
        },
      ],
      module: [
        { file: "lib/clampCorpus.js", write: clampSource.cjs },
        {
          file: "test/clampCorpus.js",
          write:
            "'use strict'\n\nvar assert = require('node:assert')\nvar clampCorpus = require('../lib/clampCorpus')\n\ndescribe('clampCorpus', function () {\n  it('should keep a value inside its bounds', function () {\n    assert.strictEqual(clampCorpus(5, 0, 3), 3)\n    assert.strictEqual(clampCorpus(-1, 0, 3), 0)\n  })\n})\n",
        },
      ],
      rename: [{ rename: ["createETagGenerator", "makeETagGenerator"] }],
      types: null,
      docs: [{ file: "Readme.md", append: "\n## Corpus\n\nA note on routing.\n" }],
      deps: [{ bump: "ejs" }],
      break: {
        edits: [
          {
            file: "lib/utils.js",
            find: "exports.wetag = createETagGenerator({ weak: true })",
            replace: "exports.wetag = createETagGenerator({ weak: false })",
          },
        ],
        test: "weak",
      },
    },
  },
  {
    name: "chalk",
    source: "chalk/chalk",
    commit: "678e5505458d0cf40134e205aed4454e0eeac45c",
    covers: "ava under c8, xo (eslint 8 engine), tsd, npm without lockfile",
    install: "npm install --no-audit --no-fund --prefer-offline",
    own: ["npx xo", "npx c8 ava", "npx tsd"],
    format: (files) => {
      const src = code(files);
      return src.length ? `xo --fix ${q(src)} || true` : "true";
    },
    hand: (files) => [
      code(files).length &&
        `ava ${q(code(files).filter((f) => f.startsWith("test/")).length ? code(files).filter((f) => f.startsWith("test/")) : [])}`,
      code(files).length && `xo ${q(code(files))}`,
      code(files).some((f) => f.endsWith(".d.ts")) && "tsd",
    ],
    changes: {
      fix: [
        {
          file: "source/utilities.js",
          find: "\tlet index = string.indexOf(substring);\n\tif (index === -1) {",
          replace: "\tlet index = string.indexOf(substring);\n\tif (index < 0) {",
        },
        {
          file: "test/chalk.js",
          append:
            "\ntest('keep a string without styles as it is', t => {\n\tt.is(chalk('plain'), 'plain');\n});\n",
        },
      ],
      module: [
        {
          file: "source/clamp-corpus.js",
          write: clampSource.esm.replaceAll("  ", "\t"),
        },
        {
          file: "test/clamp-corpus.js",
          write:
            "import test from 'ava';\nimport {clampCorpus} from '../source/clamp-corpus.js';\n\ntest('clampCorpus keeps a value inside its bounds', t => {\n\tt.is(clampCorpus(5, 0, 3), 3);\n\tt.is(clampCorpus(-1, 0, 3), 0);\n});\n",
        },
      ],
      rename: [{ rename: ["stringEncaseCRLFWithFirstIndex", "encaseCRLFFromIndex"] }],
      types: [
        { file: "source/index.d.ts", append: "\nexport type CorpusLevel = ColorSupportLevel;\n" },
      ],
      docs: [{ file: "readme.md", append: "\n## Corpus\n\nA note on colors.\n" }],
      deps: [{ bump: "yoctodelay" }],
      break: {
        edits: [
          {
            file: "source/utilities.js",
            find: "\t\treturnValue += string.slice(endIndex, index) + substring + replacer;",
            replace: "\t\treturnValue += string.slice(endIndex, index) + replacer;",
          },
        ],
        test: "test/",
      },
    },
  },
  {
    name: "remark",
    source: "remarkjs/remark",
    commit: "6c18384e9731146a3e8dffe79d1d8e59316c6bf7",
    covers:
      "tsc --build project references (JSDoc types), node --test, xo, prettier, npm workspaces",
    install: "npm install --no-audit --no-fund --prefer-offline",
    own: ["npx tsc --build", "npx prettier --check .", "npx xo", "npm run test-api"],
    format: (files) =>
      `prettier -w --ignore-unknown ${q(files)} && (xo --fix ${q(code(files)).trim() || "--version"} || true)`,
    hand: (files) => [
      code(files).length && "node --conditions development test.js",
      code(files).length && "tsc --build",
      code(files).length && `xo ${q(code(files))}`,
      `prettier --check --ignore-unknown ${q(files)}`,
    ],
    changes: {
      fix: [
        {
          file: "packages/remark-stringify/lib/index.js",
          find: "      extensions: self.data('toMarkdownExtensions') || []",
          replace: "      extensions: self.data('toMarkdownExtensions') ?? []",
        },
        {
          file: "test.js",
          append:
            "\ntest('remark-stringify of an empty root', async function () {\n  assert.equal(\n    unified().use(remarkStringify).stringify({type: 'root', children: []}),\n    ''\n  )\n})\n",
        },
      ],
      module: [
        {
          file: "packages/remark-stringify/lib/clamp-corpus.js",
          write:
            "/**\n * @param {number} value\n * @param {number} min\n * @param {number} max\n * @returns {number}\n */\nexport function clampCorpus(value, min, max) {\n  return Math.min(Math.max(value, min), max)\n}\n",
        },
        {
          file: "test.js",
          append:
            "\ntest('clampCorpus', async function () {\n  const {clampCorpus} = await import(\n    './packages/remark-stringify/lib/clamp-corpus.js'\n  )\n  assert.equal(clampCorpus(5, 0, 3), 3)\n})\n",
        },
      ],
      rename: [{ rename: ["remarkStringify", "stringifyWithRemark"] }],
      types: [
        {
          file: "packages/remark-stringify/index.d.ts",
          append: "\nexport type CorpusOptions = Options\n",
        },
      ],
      docs: [{ file: "doc/plugins.md", append: "\n## Corpus\n\nA note on plugins.\n" }],
      deps: [{ bump: "@types/node" }],
      break: {
        edits: [
          {
            file: "packages/remark-stringify/lib/index.js",
            find: "      ...options,\n",
            replace: "",
          },
        ],
        test: "test.js",
      },
    },
  },
  {
    name: "mobx",
    source: "mobxjs/mobx",
    commit: "01211a698b64ea94de8e5f276ff8235fcf8ddf96",
    covers: "jest projects (ts-jest, jsdom), eslint 8 .eslintrc.js, prettier, npm workspaces",
    install: "npm ci --no-audit --no-fund --prefer-offline",
    lockfile: "package-lock.json",
    own: ["npx jest --selectProjects mobx"],
    gatesYaml:
      "version: 1\ncommands:\n  test: jest --selectProjects mobx\n  lint: eslint packages/mobx/src --ext .js,.ts,.tsx\n",
    format: (files) => `prettier -w --ignore-unknown ${q(files)}`,
    hand: (files) => [
      code(files).length &&
        `jest --selectProjects mobx --findRelatedTests ${q(code(files))} --passWithNoTests`,
      code(files).length && "tsc --noEmit -p packages/mobx/tsconfig.json --incremental",
      code(files).length && `eslint ${q(code(files))}`,
      `prettier --check --ignore-unknown ${q(files)}`,
    ],
    changes: {
      fix: [
        {
          file: "packages/mobx/src/utils/utils.ts",
          find: "export function isStringish(value: any): value is string | number | symbol {\n    const t = typeof value",
          replace:
            "export function isStringish(value: any): value is string | number | symbol {\n    const t: string = typeof value",
        },
        {
          file: "packages/mobx/__tests__/base/errorhandling.js",
          append:
            '\ntest("an observable box holds its value", () => {\n    expect(observable.box(3).get()).toBe(3)\n})\n',
        },
      ],
      module: [
        {
          file: "packages/mobx/src/utils/clamp-corpus.ts",
          write: clampSource.ts.replaceAll("  ", "    "),
        },
        {
          file: "packages/mobx/__tests__/base/clamp-corpus.ts",
          write:
            'import { clampCorpus } from "../../src/utils/clamp-corpus"\n\ntest("clampCorpus keeps a value inside its bounds", () => {\n    expect(clampCorpus(5, 0, 3)).toBe(3)\n    expect(clampCorpus(-1, 0, 3)).toBe(0)\n})\n',
        },
      ],
      rename: [{ rename: ["isStringish", "isKeyLike"] }],
      types: [
        {
          file: "packages/mobx/src/utils/utils.ts",
          append: "\nexport type CorpusKey = string | symbol\n",
        },
      ],
      docs: [{ file: "docs/README.md", append: "\n## Corpus\n\nA note on observables.\n" }],
      deps: [{ bump: "lint-staged" }],
      break: {
        edits: [
          {
            file: "packages/mobx/src/utils/utils.ts",
            find: "        if (invoked) {\n            return\n        }\n        invoked = true",
            replace: "        invoked = true",
          },
        ],
        test: "__tests__",
      },
    },
  },
  {
    name: "zod",
    source: "colinhacks/zod",
    commit: "e516c3baf22615e20934116abebfed6c000222c2",
    covers:
      "vitest projects + typecheck.enabled (tsc checker), Biome, tsc, pnpm workspaces, .mdx docs",
    pnpm: "10.12.1",
    install: "pnpm install --frozen-lockfile --prefer-offline",
    lockfile: "pnpm-lock.yaml",
    own: [
      "pnpm biome lint .",
      "pnpm biome format .",
      "pnpm tsc --noEmit -p packages/zod/tsconfig.test.json",
      "pnpm vitest run --project zod",
    ],
    gatesYaml:
      "version: 1\ncommands:\n  typecheck: tsc --noEmit -p packages/zod/tsconfig.test.json\n  lint: biome lint .\n  format: biome format .\n  test: vitest run --project zod\n",
    format: (files) =>
      `biome format --write ${q(files.filter((f) => !f.endsWith(".mdx")))} || true`,
    hand: (files) => [
      code(files).length && `vitest related --run --project zod ${q(code(files))}`,
      code(files).length &&
        "tsc --noEmit -p packages/zod/tsconfig.test.json --incremental --tsBuildInfoFile /tmp/corpus-zod-hand.tsbuildinfo",
      code(files).length && `biome lint ${q(code(files))}`,
      `biome format ${q(files.filter((f) => !f.endsWith(".mdx")))}`,
    ],
    changes: {
      fix: [
        {
          file: "packages/zod/src/v4/core/util.ts",
          find: '    .replace(/[\\s_-]+/g, "-")\n    .replace(/^-+|-+$/g, "");',
          replace: '    .replace(/[\\s_-]+/g, "-")\n    .replace(/^-+|-+$/g, "")\n    .slice(0);',
        },
        {
          file: "packages/zod/src/v4/classic/tests/string.test.ts",
          append:
            '\ntest("slugify keeps digits", () => {\n  expect(z.string().slugify().parse("Zod 4")).toEqual("zod-4");\n});\n',
        },
      ],
      module: [
        { file: "packages/zod/src/v4/core/clamp-corpus.ts", write: clampSource.ts },
        {
          file: "packages/zod/src/v4/core/tests/clamp-corpus.test.ts",
          write: vitestClamp("../clamp-corpus.js"),
        },
      ],
      rename: [{ rename: ["captureStackTrace", "recordStackTrace"] }],
      types: [
        {
          file: "packages/zod/src/v4/core/util.ts",
          append: "\nexport type CorpusSlug = string & { readonly __slug: true };\n",
        },
      ],
      docs: [
        { file: "packages/docs/content/basics.mdx", append: "\n## Corpus\n\nA note on parsing.\n" },
        { file: "packages/zod/README.md", append: "\n## Corpus\n\nA note on parsing.\n" },
      ],
      deps: [{ bump: "@types/semver" }],
      break: {
        edits: [
          {
            file: "packages/zod/src/v4/core/util.ts",
            find: '    .replace(/^-+|-+$/g, "");\n}',
            replace: '    .replace(/^-+$/g, "");\n}',
          },
        ],
        test: "slugify",
      },
    },
  },
  {
    name: "immer",
    source: "immerjs/immer",
    commit: "061c2425e1c9dff89e4e4189d42af1b7839dfe0a",
    covers:
      "yarn 1 (yarn.lock), vitest 3 with a mismatched @vitest/coverage-v8 2.x, tests after a build step (test:build), tsc over node_modules/@types (skipLibCheck off), prettier with tabs",
    yarn: "1.22.22",
    install:
      "npx -y yarn@1.22.22 install --frozen-lockfile --ignore-scripts --ignore-engines --non-interactive --prefer-offline",
    lockfile: "yarn.lock",
    own: ["npx vitest run"],
    format: (files) => `prettier -w --ignore-unknown ${q(files)}`,
    hand: (files) => [
      code(files).length && `vitest related --run ${q(code(files))}`,
      code(files).length && "tsc --noEmit -p . --incremental",
      `prettier -c --ignore-unknown ${q(files)}`,
    ],
    changes: {
      fix: [
        {
          file: "src/utils/common.ts",
          find: "export let isDraft = (value: any): boolean => !!value && !!value[DRAFT_STATE]",
          replace:
            "export let isDraft = (value: any): boolean =>\n\tvalue != null && !!value[DRAFT_STATE]",
        },
        {
          file: "__tests__/isDraftable.js",
          append:
            '\ntest("a primitive is not draftable", () => {\n\texpect(isDraftable(0)).toBe(false)\n})\n',
        },
      ],
      module: [
        { file: "src/utils/clamp-corpus.ts", write: clampSource.ts },
        { file: "__tests__/clamp-corpus.ts", write: vitestClamp("../src/utils/clamp-corpus") },
      ],
      rename: [{ rename: ["isObjectish", "isObjectishValue"] }],
      types: [
        { file: "src/utils/common.ts", append: "\nexport type CorpusKey = string | symbol\n" },
      ],
      docs: [{ file: "website/docs/faq.md", append: "\n## Corpus\n\nA note on drafts.\n" }],
      deps: [{ bump: "lodash.clonedeep" }],
      break: {
        edits: [
          {
            file: "src/utils/common.ts",
            find: "\t\tisPlainObject(value) ||\n\t\tisArray(value) ||",
            replace: "\t\tisPlainObject(value) ||",
          },
        ],
        test: "__tests__",
      },
    },
  },
];

/** The repositories of this run: CORPUS_ONLY=name,name picks some, in the list's order. */
export function selectRepos(only = process.env.CORPUS_ONLY) {
  if (!only) return REPOS;
  const names = only.split(",").map((n) => n.trim());
  const unknown = names.filter((n) => !REPOS.some((r) => r.name === n));
  if (unknown.length > 0)
    throw new Error(
      `CORPUS_ONLY: no repository named ${unknown.join(", ")} (${REPOS.map((r) => r.name).join(", ")})`,
    );
  return REPOS.filter((r) => names.includes(r.name));
}
