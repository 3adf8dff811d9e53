import { createRequire } from "node:module";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { isManagerError } from "../errors.js";
import { redact, secretValues } from "../redact.js";
import { callJson } from "./cli-call.js";
import { TOOLS, type ToolSpec } from "./tools.js";

export interface McpServeOptions {
  /** The project folder holding .verify/workflows.yaml. */
  dir: string;
  env?: NodeJS.ProcessEnv | undefined;
  /** Ends the server (and cancels every running tool call). */
  signal?: AbortSignal | undefined;
  version?: string | undefined;
}

const PACKAGE_VERSION = (
  createRequire(import.meta.url)("../../package.json") as { version: string }
).version;

function errorResult(message: string): CallToolResult {
  return { content: [{ type: "text", text: message }], isError: true };
}

async function answer(
  spec: ToolSpec<unknown>,
  input: unknown,
  options: { dir: string; env: NodeJS.ProcessEnv; signal: AbortSignal },
): Promise<CallToolResult> {
  const secrets = secretValues(options.env);
  let command: { line: string; timeoutMs?: number };
  try {
    command = spec.command(input, options);
  } catch (error) {
    if (!isManagerError(error)) throw error;
    return errorResult(redact(`${spec.name}: ${error.message}`, secrets));
  }
  const result = await callJson(command.line, spec.output, {
    ...options,
    timeoutMs: command.timeoutMs,
  });
  if (!result.ok) return errorResult(redact(`${spec.name}: ${result.message}`, secrets));
  const text = redact(JSON.stringify(result.value), secrets);
  return {
    content: [{ type: "text", text }],
    structuredContent: JSON.parse(text) as Record<string, unknown>,
  };
}

/** Build the server without a transport (tests and embedders connect their own). */
export function createMcpServer(options: McpServeOptions): { server: McpServer; stop: () => void } {
  const server = new McpServer(
    { name: "agent-verify", version: options.version ?? PACKAGE_VERSION },
    { capabilities: { tools: {} } },
  );
  const env = options.env ?? process.env;
  const stopAll = new AbortController();
  options.signal?.addEventListener("abort", () => stopAll.abort(), { once: true });
  for (const spec of TOOLS as readonly ToolSpec<unknown>[]) {
    server.registerTool(
      spec.name,
      {
        title: spec.title,
        description: spec.description,
        inputSchema: spec.input,
        outputSchema: spec.output,
        annotations: { readOnlyHint: spec.readOnly, openWorldHint: false },
      },
      (input: unknown, extra: { signal: AbortSignal }) =>
        answer(spec, input, {
          dir: options.dir,
          env,
          signal: AbortSignal.any([extra.signal, stopAll.signal]),
        }),
    );
  }
  return { server, stop: () => stopAll.abort() };
}

/** `verify-manager mcp`: serve the tools over stdio until stdin ends or the signal fires. */
export async function serveMcp(options: McpServeOptions): Promise<void> {
  const { server, stop } = createMcpServer(options);
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((done) => {
    transport.onclose = () => done();
    process.stdin.once("end", () => done());
    options.signal?.addEventListener("abort", () => done(), { once: true });
  });
  await server.connect(transport);
  await closed;
  stop();
  await server.close();
}
