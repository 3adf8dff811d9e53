import { spawn } from "node:child_process";

/**
 * The command that opens a URL in the user's browser, or null where there is no screen to
 * open it on (a CI machine, an ssh session, a container): then nothing is opened.
 */
export function openCommand(
  platform: NodeJS.Platform,
  env: NodeJS.ProcessEnv,
): { command: string; args: string[] } | null {
  if (env.CI) return null;
  if (platform === "darwin") return { command: "open", args: [] };
  if (platform === "win32") return { command: "cmd", args: ["/c", "start", '""'] };
  if (!env.DISPLAY && !env.WAYLAND_DISPLAY) return null;
  return { command: "xdg-open", args: [] };
}

/** Best effort, detached: a missing opener is not an error, the URL is printed anyway. */
export function openInBrowser(url: string, env: NodeJS.ProcessEnv): boolean {
  const opener = openCommand(process.platform, env);
  if (!opener) return false;
  try {
    const child = spawn(opener.command, [...opener.args, url], {
      detached: true,
      stdio: "ignore",
      env,
    });
    child.on("error", () => {});
    child.unref();
    return true;
  } catch {
    return false;
  }
}
