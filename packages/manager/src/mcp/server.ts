import { createRequire } from "node:module";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
  type ServerNotification,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { isManagerError } from "../errors.js";
import { redact, secretValues } from "../redact.js";
import { msFromEnv } from "../supervise/env-ms.js";
import { callJson, type CallOptions } from "./cli-call.js";
import { inputFailure } from "./input-error.js";
import { startRelay, type ProgressRelay } from "./progress-relay.js";
import type { ToolFailure, ToolSpec } from "./tool-spec.js";
import { TOOLS } from "./tools.js";

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

/** Default time without progress before a "still running" notification. */
export const HEARTBEAT_MS = 10_000;

type Spec = ToolSpec<unknown>;

interface CallContext extends CallOptions {
  heartbeatMs: number;
  progressToken: string | number | undefined;
  notify: (notification: ServerNotification) => Promise<void>;
}

function listed(spec: Spec): Tool {
  return {
    name: spec.name,
    title: spec.title,
    description: spec.description,
    inputSchema: z.toJSONSchema(spec.input, {
      target: "draft-7",
      io: "input",
    }) as Tool["inputSchema"],
    outputSchema: z.toJSONSchema(spec.output, {
      target: "draft-7",
      io: "output",
    }) as Tool["outputSchema"],
    annotations: { title: spec.title, ...spec.hints },
  };
}

/** Progress for this call when it asked for it (a `_meta.progressToken`), else none. */
async function relayFor(spec: Spec, ctx: CallContext, secrets: readonly string[]) {
  const token = ctx.progressToken;
  if (token === undefined) return undefined;
  let progress = 0;
  return startRelay({
    sources: spec.progress ?? { managerLines: false, gatesEvents: false },
    env: ctx.env,
    heartbeatMs: ctx.heartbeatMs,
    send: (message) => {
      progress += 1;
      const params = { progressToken: token, progress, message: redact(message, secrets) };
      // A host that went away only loses progress; the call still ends with its answer.
      ctx.notify({ method: "notifications/progress", params }).catch(() => {});
    },
  });
}

/** One tool call: validate, run the CLI command, answer with its contract object or one line. */
async function answer(spec: Spec, args: unknown, ctx: CallContext): Promise<CallToolResult> {
  const secrets = secretValues(ctx.env);
  const failure = ({ reason, hint }: ToolFailure): CallToolResult => ({
    content: [{ type: "text", text: redact(`${spec.name}: ${reason} (hint: ${hint})`, secrets) }],
    isError: true,
  });
  const input = spec.input.safeParse(args ?? {});
  if (!input.success) return failure(inputFailure(spec.name, input.error));
  let command;
  try {
    command = spec.command(input.data as never, ctx);
  } catch (error) {
    if (!isManagerError(error)) throw error;
    return failure({ reason: error.message, hint: error.hint ?? spec.hint });
  }
  const relay: ProgressRelay | undefined = await relayFor(spec, ctx, secrets);
  let result;
  try {
    result = await callJson(command, spec.output, spec.hint, {
      ...ctx,
      env: relay?.env ?? ctx.env,
      onStderr: relay?.onStderr,
    });
  } finally {
    await relay?.stop();
  }
  if (!result.ok) return failure(result);
  const problem = await spec.verify?.(result.value, input.data as never, ctx);
  if (problem) return failure(problem);
  const text = redact(JSON.stringify(result.value), secrets);
  return {
    content: [{ type: "text", text }],
    structuredContent: JSON.parse(text) as Record<string, unknown>,
  };
}

/**
 * Build the server without a transport (tests and embedders connect their own).
 *
 * The tool handlers are set on the SDK's underlying server rather than through `registerTool`,
 * which answers an unknown tool and bad arguments alike, as a dump of schema issues. Here, as
 * the MCP specification (2025-11-25) asks: an unknown tool is a protocol error; everything
 * about a known tool's call (bad arguments, an unknown ticket, a command that could not
 * answer) is an `isError` result of one line ending in a hint.
 */
export function createMcpServer(options: McpServeOptions): { server: McpServer; stop: () => void } {
  const server = new McpServer({
    name: "agent-verify",
    version: options.version ?? PACKAGE_VERSION,
  });
  const env = options.env ?? process.env;
  const heartbeatMs = msFromEnv(env, "VERIFY_MCP_HEARTBEAT_MS") ?? HEARTBEAT_MS;
  const stopAll = new AbortController();
  options.signal?.addEventListener("abort", () => stopAll.abort(), { once: true });
  const specs = new Map((TOOLS as readonly Spec[]).map((spec) => [spec.name, spec]));
  const tools = [...specs.values()].map(listed);
  server.server.registerCapabilities({ tools: {} });
  server.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
  server.server.setRequestHandler(CallToolRequestSchema, (request, extra) => {
    const spec = specs.get(request.params.name);
    if (spec === undefined) {
      throw new McpError(
        ErrorCode.InvalidParams,
        `unknown tool '${request.params.name}': the tools are ${[...specs.keys()].join(", ")}`,
      );
    }
    return answer(spec, request.params.arguments, {
      dir: options.dir,
      env,
      signal: AbortSignal.any([extra.signal, stopAll.signal]),
      heartbeatMs,
      progressToken: request.params._meta?.progressToken,
      notify: extra.sendNotification,
    });
  });
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
