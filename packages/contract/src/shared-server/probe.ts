import { connect } from "node:net";

/** True when `url` answers with any HTTP response within `timeoutMs`. */
export async function isAnswering(url: string, timeoutMs = 1000): Promise<boolean> {
  try {
    const response = await fetch(url, {
      signal: AbortSignal.timeout(timeoutMs),
      redirect: "manual",
    });
    await response.body?.cancel();
    return true;
  } catch {
    return false;
  }
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
