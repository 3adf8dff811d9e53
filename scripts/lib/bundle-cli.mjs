// The CLI of a package as one bundle (dist/bundle/), for the packages whose bin is on a hot
// path (the manager on every call, the runner's `--list`). tsc compiles src/ to dist/ first;
// this bundles dist/cli.js into a module graph of a few files instead of one per source file,
// so that a process spends its start-up running, not resolving and reading modules. dist/ keeps
// every compiled file: the library entry (dist/index.js) and the scripts a CLI spawns (a
// watchdog, the shared-server host, ESM hooks) are used from there.
//
// `import.meta.url` keeps its meaning: in each bundled module it becomes that module's own
// compiled file, so paths computed from it (a script beside it, package.json, the contract's
// shared-server host script) are the same as unbundled.
import { createHash } from "node:crypto";
import { readFile, readdir, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join, relative, sep } from "node:path";
import { pathToFileURL } from "node:url";

/**
 * Bundle `<root>/dist/cli.js` into `<root>/dist/bundle/`. `external`: packages resolved at run
 * time where the CLI runs, never bundled (the app's own Playwright, a loader it registers).
 * `fastPaths`: `{ entry, out }` pairs, each a compiled module (e.g. "list-cli.js") bundled alone
 * into ONE CommonJS file (e.g. "list.cjs") that a bin can require before anything else: a
 * process that only needs that path pays neither the ESM loader nor a module graph. Its dynamic
 * imports (the slow branches: zod on a cache miss) stay imports, loaded only when taken.
 */
export async function bundleCli({ root, external = [], fastPaths = [] }) {
  const outdir = join(root, "dist", "bundle");
  const require = createRequire(join(root, "package.json"));
  const { build } = await import(pathToFileURL(require.resolve("esbuild")).href);
  const contractDist = join(
    dirname(require.resolve("@agent-verify/contract/package.json")),
    "dist",
  );

  /**
   * What `import.meta.url` of a bundled module becomes, or undefined to leave it. `self` is the
   * bundle file's own URL: `import.meta.url` in an ES module, from `__filename` in CommonJS.
   */
  function metaUrlOf(file, self) {
    if (file.startsWith(join(root, "dist") + sep)) {
      const rel = relative(outdir, file).split(sep).join("/");
      return `new URL(${JSON.stringify(rel)}, ${self}).href`;
    }
    if (file.startsWith(contractDist + sep)) {
      const rel = `./dist/${relative(contractDist, file).split(sep).join("/")}`;
      return `new URL(${JSON.stringify(rel)}, __agentVerifyContract()).href`;
    }
    return undefined;
  }

  const keepMetaUrl = (self) => ({
    name: "keep-import-meta-url",
    setup(plugin) {
      plugin.onLoad({ filter: /\.js$/ }, async ({ path }) => {
        const replacement = metaUrlOf(path, self);
        if (replacement === undefined) return undefined;
        const text = await readFile(path, "utf8");
        if (!text.includes("import.meta.url")) return undefined;
        return { contents: text.replaceAll("import.meta.url", replacement), loader: "js" };
      });
    },
  });

  // The contract code this bundle holds, for its validated cache (contract/src/validated-cache.ts).
  const contractHash = createHash("sha256");
  const contractFiles = (await readdir(contractDist, { recursive: true }))
    .filter((file) => file.endsWith(".js"))
    .sort();
  for (const file of contractFiles) {
    contractHash
      .update(file)
      .update("\0")
      .update(await readFile(join(contractDist, file)));
  }

  const define = {
    __AGENT_VERIFY_CONTRACT_BUILD__: JSON.stringify(contractHash.digest("hex")),
  };

  // A rebuild leaves no chunk of an older one behind.
  await rm(outdir, { recursive: true, force: true });
  await build({
    entryPoints: { cli: join(root, "dist", "cli.js") },
    external,
    outdir,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    sourcemap: "linked",
    sourcesContent: false,
    logLevel: "warning",
    chunkNames: "chunk-[hash]",
    // CommonJS dependencies (commander) call require(); the contract's files are found from the
    // package, wherever it is installed — resolved on first use only, since every chunk carries
    // this banner and a resolution costs milliseconds on a start-up path (`--list`).
    banner: {
      js: [
        'import { createRequire as __agentVerifyRequire } from "node:module";',
        'import { pathToFileURL as __agentVerifyFileUrl } from "node:url";',
        "const require = __agentVerifyRequire(import.meta.url);",
        "let __agentVerifyContractHref;",
        'const __agentVerifyContract = () => (__agentVerifyContractHref ??= __agentVerifyFileUrl(require.resolve("@agent-verify/contract/package.json")).href);',
      ].join("\n"),
    },
    define,
    plugins: [keepMetaUrl("import.meta.url"), englishZodMessages],
  });
  for (const { entry, out } of fastPaths) {
    await build({
      entryPoints: [join(root, "dist", entry)],
      external,
      outfile: join(outdir, out),
      bundle: true,
      format: "cjs",
      platform: "node",
      target: "node20",
      sourcemap: "linked",
      sourcesContent: false,
      logLevel: "warning",
      banner: {
        js: [
          'const { pathToFileURL: __agentVerifyFileUrl } = require("node:url");',
          "let __agentVerifyContractHref;",
          'const __agentVerifyContract = () => (__agentVerifyContractHref ??= __agentVerifyFileUrl(require.resolve("@agent-verify/contract/package.json")).href);',
        ].join("\n"),
      },
      define,
      plugins: [
        keepMetaUrl("__agentVerifyFileUrl(__filename).href"),
        lazyImports(outdir),
        englishZodMessages,
      ],
    });
  }
}

/**
 * zod's `z.locales` namespace brings every language's error messages (some fifty modules, about
 * a third of zod's size in a bundle) that a start-up path compiles; zod itself configures only
 * English, and nothing here asks for another. The namespace (zod's and zod/v4/core's) keeps `en`.
 */
const englishZodMessages = {
  name: "english-zod-messages",
  setup(plugin) {
    plugin.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, ({ importer }) => {
      if (!/[\\/]zod[\\/]v4[\\/](?:classic|core)[\\/]/.test(importer)) return undefined;
      return { path: join(dirname(importer), "..", "locales", "en.js"), namespace: "zod-en" };
    });
    plugin.onLoad({ filter: /.*/, namespace: "zod-en" }, ({ path }) => ({
      contents: `export { default as en } from ${JSON.stringify(path)};`,
      loader: "js",
      resolveDir: dirname(path),
    }));
  },
};

/**
 * In a fast path, a dynamic import stays a dynamic import (CommonJS can `import()` an ES
 * module): a package by its name, a compiled file by its path from the bundle.
 */
const lazyImports = (outdir) => ({
  name: "lazy-dynamic-imports",
  setup(plugin) {
    plugin.onResolve({ filter: /.*/ }, ({ path, kind, resolveDir }) => {
      if (kind !== "dynamic-import") return undefined;
      if (!path.startsWith(".")) return { path, external: true };
      const target = relative(outdir, join(resolveDir, path)).split(sep).join("/");
      return { path: target.startsWith(".") ? target : `./${target}`, external: true };
    });
  },
});
