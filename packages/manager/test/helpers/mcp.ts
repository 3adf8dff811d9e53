import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { JSONRPCMessage, Progress } from "@modelcontextprotocol/sdk/types.js";
import { BIN } from "./cli.js";

export type ToolResult = Awaited<ReturnType<Client["callTool"]>>;

export interface McpSession {
  client: Client;
  transport: StdioClientTransport;
  /** Everything the server wrote on stderr. */
  stderr: () => string;
  /** Every JSON-RPC message the server sent, as it arrived on the wire. */
  received: JSONRPCMessage[];
  /** Every JSON-RPC message the client sent. */
  sent: JSONRPCMessage[];
}

/** `verify-manager mcp --dir DIR` under the SDK's own client over stdio; the wire is recorded. */
export async function startMcp(dir: string, env: Record<string, string>): Promise<McpSession> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, "mcp", "--dir", dir],
    env,
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: "mcp-test", version: "1.0.0" });
  const session: McpSession = { client, transport, stderr: () => stderr, received: [], sent: [] };
  await client.connect(transport);
  // Recorded below the client, so the test sees what the server really sent.
  const deliver = transport.onmessage;
  transport.onmessage = (message) => {
    session.received.push(message);
    deliver?.(message);
  };
  const send = transport.send.bind(transport);
  transport.send = (message: JSONRPCMessage) => {
    session.sent.push(message);
    return send(message);
  };
  return session;
}

export function text(result: ToolResult): string {
  const [first] = result.content as Array<{ type: string; text: string }>;
  return first?.text ?? "";
}

export interface ProgressCall {
  result: ToolResult;
  /** What the SDK handed to `onprogress`. */
  progress: Progress[];
  /** The token the client put in the request's `_meta`. */
  token: string | number | undefined;
  /** The `progressToken` of every `notifications/progress` the server sent for this call. */
  notifiedTokens: Array<string | number>;
  /**
   * What the server sent, in order, as read on the wire: the SDK's client runs a notification's
   * handler a microtask late, so one that arrives in the same chunk as the answer is dropped
   * (`progress` lacks it) although the server sent it before the answer.
   */
  notified: Progress[];
}

/** A tool call that asks for progress the SDK's way (`onprogress` → `_meta.progressToken`). */
export async function callWithProgress(
  session: McpSession,
  name: string,
  args: Record<string, unknown>,
): Promise<ProgressCall> {
  const progress: Progress[] = [];
  const sentBefore = session.sent.length;
  const receivedBefore = session.received.length;
  const result = await session.client.callTool({ name, arguments: args }, undefined, {
    onprogress: (p) => progress.push(p),
    resetTimeoutOnProgress: true,
  });
  const request = session.sent
    .slice(sentBefore)
    .find((m) => "method" in m && m.method === "tools/call") as
    { params?: { _meta?: { progressToken?: string | number } } } | undefined;
  const notifications = session.received
    .slice(receivedBefore)
    .filter((m) => "method" in m && m.method === "notifications/progress")
    .map((m) => (m as unknown as { params: Progress & { progressToken: string | number } }).params);
  const notifiedTokens = notifications.map((params) => params.progressToken);
  const notified = notifications.map(({ progressToken: _token, ...rest }) => rest);
  return {
    result,
    progress,
    token: request?.params?._meta?.progressToken,
    notifiedTokens,
    notified,
  };
}
