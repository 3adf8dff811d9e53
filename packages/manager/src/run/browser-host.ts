import { spawn } from "node:child_process";
import { BrowserServerInfoSchema, type Manifest } from "@agent-verify/contract";
import { RunProcesses, signalAll, signalGroup } from "../supervise/process-tree.js";
import { sampleEvery } from "../supervise/stop-run.js";
import { substituteFlow } from "../supervise/shell-quote.js";

/** A browser server the runners of one run connect to; closing it leaves no process. */
export interface BrowserHost {
  readonly wsEndpoint: string;
  close(): Promise<void>;
}

const START_TIMEOUT_MS = 30_000;
const KEEPALIVE_MS = 10_000;
const CLOSE_GRACE_MS = 3000;

function sleep(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, ms));
}

/** Whether this run should bring its own browser server (none configured by the user). */
export function wantsBrowserHost(manifest: Manifest, env: NodeJS.ProcessEnv): boolean {
  if (env.VERIFY_WARM_BROWSER === "0") return false;
  return !env.VERIFY_BROWSER_WS_ENDPOINT && !manifest.browser?.ws_endpoint;
}

/**
 * Start `runner_command` with `--browser-server` in its own process group and read the
 * endpoint it prints (contract: BrowserServerInfo). The manager holds its stdin and writes
 * to it now and then: when the manager dies, even by SIGKILL, the pipe ends and so does
 * the browser. Resolves to null, with the reason, when the runner offers no browser server
 * (a runner in another language, no browser): each runner then launches its own.
 */
export async function startBrowserHost(
  dir: string,
  manifest: Manifest,
  env: NodeJS.ProcessEnv,
): Promise<{ host: BrowserHost | null; reason: string | null }> {
  const command = substituteFlow(manifest.runner_command, "--browser-server");
  const child = spawn(command, {
    shell: true,
    detached: true,
    cwd: dir,
    env,
    stdio: ["pipe", "pipe", "pipe"],
  });
  const pid = child.pid;
  if (pid === undefined) return { host: null, reason: `could not start ${command}` };
  const tree = new RunProcesses(pid);
  const stopSampling = sampleEvery(tree);
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
  child.stdin.on("error", () => {});
  const close = async () => {
    clearInterval(keepalive);
    stopSampling();
    tree.sample();
    child.stdin.end();
    const deadline = Date.now() + CLOSE_GRACE_MS;
    while (tree.sample().length > 0 && Date.now() < deadline) await sleep(50);
    signalGroup(pid, "SIGKILL");
    signalAll(tree.sample(), "SIGKILL");
    child.stdout.destroy();
    child.stderr.destroy();
  };
  const keepalive = setInterval(() => child.stdin.write("\n"), KEEPALIVE_MS);
  keepalive.unref();
  const line = await firstLine(child.stdout, START_TIMEOUT_MS);
  tree.sample();
  const parsed = line === null ? null : safeParse(line);
  if (parsed?.ok && parsed.ws_endpoint) {
    return { host: { wsEndpoint: parsed.ws_endpoint, close }, reason: null };
  }
  await close();
  const why =
    parsed?.error ??
    (line === null
      ? `nothing printed (${stderr.trim().split("\n").pop() ?? ""})`
      : "not a browser-server object");
  return { host: null, reason: `${command}: ${why}` };
}

function safeParse(line: string) {
  try {
    const parsed = BrowserServerInfoSchema.safeParse(JSON.parse(line));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function firstLine(stream: NodeJS.ReadableStream, timeoutMs: number): Promise<string | null> {
  return new Promise((done) => {
    let text = "";
    const finish = (value: string | null) => {
      clearTimeout(timer);
      stream.off("data", onData);
      stream.off("end", onEnd);
      done(value);
    };
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      const newline = text.indexOf("\n");
      if (newline !== -1) finish(text.slice(0, newline));
    };
    const onEnd = () => finish(text.trim() === "" ? null : text);
    const timer = setTimeout(() => finish(null), timeoutMs);
    stream.on("data", onData);
    stream.once("end", onEnd);
  });
}
