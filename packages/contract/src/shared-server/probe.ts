import { connect } from "node:net";

/** Why `url` does not answer with any HTTP response within `timeoutMs`, or undefined when it does. */
export async function whyNotAnswering(url: string, timeoutMs = 1000): Promise<string | undefined> {
  try {
    const response = await fetch(url, {
      signal: AbortSignal.timeout(timeoutMs),
      redirect: "manual",
    });
    await response.body?.cancel();
    return undefined;
  } catch (error) {
    if ((error as Error).name === "TimeoutError") return `no answer within ${timeoutMs} ms`;
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return cause?.code ?? cause?.message ?? (error as Error).message;
  }
}

/** True when `url` answers with any HTTP response within `timeoutMs`. */
export async function isAnswering(url: string, timeoutMs = 1000): Promise<boolean> {
  return (await whyNotAnswering(url, timeoutMs)) === undefined;
}

/** The port `url` names, whether or not anything speaks HTTP there. */
export function portOf(url: string): { host: string; port: number } {
  const parsed = new URL(url);
  const port = parsed.port ? Number(parsed.port) : parsed.protocol === "https:" ? 443 : 80;
  return { host: parsed.hostname.replace(/^\[|\]$/g, ""), port };
}

/** True when something accepts TCP connections on the url's host and port. */
export function isPortTaken(url: string, timeoutMs = 500): Promise<boolean> {
  const { host, port } = portOf(url);
  return new Promise((done) => {
    const socket = connect({ host, port });
    const finish = (taken: boolean) => {
      socket.destroy();
      done(taken);
    };
    socket.setTimeout(timeoutMs, () => finish(false));
    socket.once("connect", () => finish(true));
    socket.once("error", () => finish(false));
  });
}
