import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { ManifestSchema } from "@agent-verify/contract";
import { baseUrlCheck } from "./doctor.js";

/** A port nothing listens on: bound, then closed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe("doctor's base_url check", () => {
  it("names the runner's static server (what init --static writes), never 'undefined'", async () => {
    const port = await closedPort();
    const manifest = ManifestSchema.parse({
      version: 1,
      runner_command: "npx verify-runner {flow}",
      base_url: `http://127.0.0.1:${port}`,
      web_server: { static: ".", port },
      flows: [],
    });
    const check = await baseUrlCheck(manifest, {});
    // Nothing is meant to answer before a run: no warning in the setup init --static makes.
    expect(check.status).toBe("ok");
    expect(check.detail).not.toContain("undefined");
    expect(check.detail).toContain(
      `the runner will serve '.' on http://127.0.0.1:${port}/ itself (web_server.static)`,
    );
  });
});

describe("doctor's base_url check with a command web_server", () => {
  it("still warns that base_url is down and names the command the runner will start", async () => {
    const port = await closedPort();
    const manifest = ManifestSchema.parse({
      version: 1,
      runner_command: "npx verify-runner {flow}",
      base_url: `http://127.0.0.1:${port}`,
      web_server: { command: "npm start", url: `http://127.0.0.1:${port}/`, timeout_s: 30 },
      flows: [],
    });
    const check = await baseUrlCheck(manifest, {});
    expect(check.status).toBe("warn");
    expect(check.detail).toContain("the runner will start: npm start");
  });
});
