import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gatesLineMessage, LineSplitter, managerLineMessage } from "./progress-lines.js";
import type { ProgressSources } from "./tool-spec.js";

/** How often the gates event file is read. */
const POLL_MS = 250;

export interface RelayOptions {
  sources: ProgressSources;
  env: NodeJS.ProcessEnv;
  /** A "still running" message when nothing else was sent for this long; 0: none. */
  heartbeatMs: number;
  /** Sends one progress notification (the relay numbers them and redacts nothing itself). */
  send: (message: string) => void;
}

export interface ProgressRelay {
  /** The child's environment: with VERIFY_GATES_PROGRESS pointing at the relay's file. */
  env: NodeJS.ProcessEnv;
  onStderr: (chunk: Buffer) => void;
  /** Reads what is left, then stops: no notification is sent after this resolves. */
  stop: () => Promise<void>;
}

/**
 * Progress for one tool call: the manager CLI's stderr lines, verify-gates' stage events (a
 * private file that gates appends to, also when they run inside `verify-manager issue`), and a
 * heartbeat while one long step runs, so a host's request timeout does not end the call.
 */
export async function startRelay(options: RelayOptions): Promise<ProgressRelay> {
  const started = performance.now();
  let last = "";
  let lastSentAt = started;
  let stopped = false;
  /** A heartbeat is not an event: its "last" stays the event before it. */
  const send = (message: string, isEvent = true) => {
    if (stopped) return;
    if (isEvent) last = message;
    lastSentAt = performance.now();
    options.send(message);
  };
  const fromManager = new LineSplitter((line) => {
    const message = managerLineMessage(line);
    if (message !== undefined) send(message);
  });
  const fromGates = new LineSplitter((line) => {
    const message = gatesLineMessage(line);
    if (message !== undefined) send(message);
  });

  const folder = options.sources.gatesEvents
    ? await mkdtemp(join(tmpdir(), "verify-manager-mcp-"))
    : undefined;
  const file = folder && join(folder, "gates-events.jsonl");
  let offset = 0;
  const drain = async () => {
    if (file === undefined) return;
    const bytes = await readFile(file).catch(() => undefined);
    if (bytes === undefined || bytes.length <= offset) return;
    fromGates.push(bytes.subarray(offset).toString("utf8"));
    offset = bytes.length;
  };
  let polling: Promise<void> = Promise.resolve();
  const poll =
    file === undefined ? undefined : setInterval(() => (polling = polling.then(drain)), POLL_MS);
  const heartbeat =
    options.heartbeatMs > 0
      ? setInterval(() => {
          const now = performance.now();
          if (now - lastSentAt < options.heartbeatMs) return;
          const seconds = Math.round((now - started) / 1000);
          send(`still running (${seconds} s)${last ? `; last: ${last}` : ""}`, false);
        }, options.heartbeatMs)
      : undefined;

  return {
    env: file ? { ...options.env, VERIFY_GATES_PROGRESS: `jsonl:${file}` } : options.env,
    onStderr: (chunk) => {
      if (options.sources.managerLines) fromManager.push(chunk.toString("utf8"));
    },
    stop: async () => {
      clearInterval(poll);
      clearInterval(heartbeat);
      await polling;
      await drain();
      stopped = true;
      if (folder) await rm(folder, { recursive: true, force: true });
    },
  };
}
