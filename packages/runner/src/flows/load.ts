import { register as registerHooks } from "node:module";
import { pathToFileURL } from "node:url";
import { basename, dirname, extname } from "node:path";
import { RunnerError } from "../errors.js";
import { isFlow, type Flow } from "./define-flow.js";
import type { EsmHooksData } from "./esm-hooks.js";
import { hostModuleType } from "./host-format.js";
import { loadError } from "./load-error.js";
import { compiledFlowUrl } from "./compile-cache.js";

let tsxRegistered = false;
let esmHooksRegistered = false;

/**
 * Once loader hooks are registered, every module imported after goes through them (a round
 * trip to the hooks thread per file): the output schemas and zod, which every run and --list
 * needs at its end, cost ~0.5 s more CPU that way. Load them before the hooks.
 */
async function loadBeforeHooks(): Promise<void> {
  if (tsxRegistered || esmHooksRegistered) return;
  await Promise.all([
    import("@agent-verify/contract/run-result"),
    import("@agent-verify/contract/flow-list"),
  ]);
}

/** Register tsx only when a TypeScript flow is actually loaded (keeps --list fast). */
async function ensureTypeScriptLoader(path: string): Promise<void> {
  if (tsxRegistered || !/\.m?tsx?$/.test(path)) return;
  const { register } = await import("tsx/esm/api");
  register();
  tsxRegistered = true;
}

/** In a CommonJS host, load the files under `roots` as ES modules (see esm-hooks.ts). */
function ensureEsmInCommonJsHost(path: string, roots: readonly string[]): void {
  if (esmHooksRegistered) return;
  if (hostModuleType(path) === "module") return;
  const data: EsmHooksData = { roots: [...roots] };
  registerHooks(new URL("./esm-hooks.js", import.meta.url), { data });
  esmHooksRegistered = true;
}

export interface LoadOptions {
  /** Folders whose modules are the flows' own (flows, page objects): always ES modules. */
  roots?: readonly string[];
  /** The project folder, for file:line in errors (default: the module's folder). */
  dir?: string;
  /** For the compile cache's folder (XDG_STATE_HOME) and VERIFY_FLOW_CACHE=0. */
  env?: NodeJS.ProcessEnv;
}

/** Import a flow module and check it default-exports `defineFlow(...)` with a matching name. */
export async function loadFlowModule(path: string, options: LoadOptions = {}): Promise<Flow> {
  const expected = basename(path, extname(path));
  const compiled = await compiledFlowUrl(path, options.env ?? process.env);
  if (compiled) {
    // Stack frames name the TypeScript sources (file:line in errors), as under tsx.
    process.setSourceMapsEnabled(true);
  } else {
    await loadBeforeHooks();
    // Ours first: tsx then sees the format it decided and leaves those files ES modules.
    ensureEsmInCommonJsHost(path, options.roots ?? [dirname(path)]);
    await ensureTypeScriptLoader(path);
  }
  let module: { default?: unknown };
  try {
    module = (await import(compiled ?? pathToFileURL(path).href)) as { default?: unknown };
  } catch (error) {
    throw loadError(path, error, options.dir ?? dirname(path));
  }
  const flow = module.default;
  if (!isFlow(flow)) {
    throw new RunnerError(
      "flow_module_invalid",
      `${path}: the default export is not defineFlow({ name, run })`,
      {
        hint:
          'export default defineFlow({ name: "' +
          expected +
          '", run: async ({ page, step }) => { ... } })',
      },
    );
  }
  if (flow.name !== expected) {
    throw new RunnerError(
      "flow_module_invalid",
      `${path}: defineFlow name '${flow.name}' does not match the file name '${expected}'`,
      { hint: `rename the flow to '${expected}' or the file to '${flow.name}${extname(path)}'` },
    );
  }
  return flow;
}
