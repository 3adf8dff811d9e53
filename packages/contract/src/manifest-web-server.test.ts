import { describe, expect, it } from "vitest";
import { ConfigError } from "./errors.js";
import { parseManifest } from "./load-manifest.js";
import { staticWebServer } from "./manifest.js";

const HEAD = 'version: 1\nrunner_command: "verify-runner {flow}"\n';
const FILE = ".verify/workflows.yaml";

function errorOf(text: string): string {
  try {
    parseManifest(text, FILE);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("expected the manifest to be rejected");
}

describe("web_server: static", () => {
  it("accepts a folder with a port, the fallback off by default", () => {
    const manifest = parseManifest(
      `${HEAD}web_server:\n  static: dist\n  port: 4321\nflows: []\n`,
      FILE,
    );
    expect(manifest.web_server).toEqual({ static: "dist", port: 4321, timeout_s: 30 });
    expect(staticWebServer(manifest.web_server)).toEqual({
      static: "dist",
      port: 4321,
      spa_fallback: false,
      timeout_s: 30,
    });
  });

  it("defaults the port to 4173 and takes the single-page-app fallback as an opt-in", () => {
    const manifest = parseManifest(
      `${HEAD}web_server:\n  static: .\n  spa_fallback: true\nflows: []\n`,
      FILE,
    );
    expect(staticWebServer(manifest.web_server)).toMatchObject({ port: 4173, spa_fallback: true });
  });

  it("accepts a base_url on the static server's port, path included", () => {
    const manifest = parseManifest(
      `${HEAD}base_url: http://localhost:4173/examples/app/\nweb_server:\n  static: public\nflows: []\n`,
      FILE,
    );
    expect(manifest.base_url).toBe("http://localhost:4173/examples/app/");
  });

  it("a command server has no static settings", () => {
    expect(staticWebServer(parseManifest(`${HEAD}flows: []\n`, FILE).web_server)).toBeUndefined();
    const command = parseManifest(
      `${HEAD}web_server:\n  command: x\n  url: http://127.0.0.1:1/\nflows: []\n`,
      FILE,
    );
    expect(staticWebServer(command.web_server)).toBeUndefined();
  });

  it.each([
    [
      "command and static",
      `${HEAD}web_server:\n  command: x\n  url: http://h/\n  static: dist\nflows: []\n`,
      "6: web_server.static: use command or static, not both",
    ],
    [
      "neither command nor static",
      `${HEAD}web_server:\n  timeout_s: 5\nflows: []\n`,
      "3: web_server.command: is required (or static: FOLDER to serve files)",
    ],
    [
      "static with a url",
      `${HEAD}web_server:\n  static: dist\n  url: http://127.0.0.1:4173/\nflows: []\n`,
      "5: web_server.url: goes with command, not static",
    ],
    [
      "static with a cwd",
      `${HEAD}web_server:\n  static: dist\n  cwd: app\nflows: []\n`,
      "5: web_server.cwd: goes with command, not static",
    ],
    [
      "spa_fallback on a command server",
      `${HEAD}web_server:\n  command: x\n  url: http://h/\n  spa_fallback: true\nflows: []\n`,
      "6: web_server.spa_fallback: unknown key for a command server (goes with static)",
    ],
    [
      "a port out of range",
      `${HEAD}web_server:\n  static: dist\n  port: 70000\nflows: []\n`,
      "5: web_server.port: expected a port from 1 to 65535",
    ],
    [
      "a fractional port",
      `${HEAD}web_server:\n  static: dist\n  port: 80.5\nflows: []\n`,
      "5: web_server.port: expected a whole number",
    ],
    [
      "an empty folder name",
      `${HEAD}web_server:\n  static: ""\nflows: []\n`,
      "4: web_server.static: expected a folder",
    ],
    [
      "a fallback that is not a boolean",
      `${HEAD}web_server:\n  static: dist\n  spa_fallback: yes please\nflows: []\n`,
      "5: web_server.spa_fallback: expected true or false",
    ],
    [
      "a base_url on another port",
      `${HEAD}base_url: http://127.0.0.1:3000/\nweb_server:\n  static: dist\nflows: []\n`,
      "3: base_url: the static web server answers at http://127.0.0.1:4173/, not at http://127.0.0.1:3000",
    ],
    [
      "a base_url on another host",
      `${HEAD}base_url: http://example.com:4173/\nweb_server:\n  static: dist\nflows: []\n`,
      "3: base_url: the static web server answers at http://127.0.0.1:4173/",
    ],
  ])("rejects %s on one line", (_name, text, expected) => {
    const message = errorOf(text);
    expect(message).toContain(`${FILE}:${expected}`);
    expect(message).not.toContain("\n");
  });
});

describe("timeouts a timer can hold", () => {
  it.each([
    ["a flow", `${HEAD}flows:\n  - name: a\n    timeout_s: 3000000\n`, "5: flows[0].timeout_s"],
    [
      "the web server",
      `${HEAD}web_server:\n  static: dist\n  timeout_s: 3000000\nflows: []\n`,
      "5: web_server.timeout_s",
    ],
  ])("rejects a timeout_s past one day for %s", (_name, text, where) => {
    expect(errorOf(text)).toContain(`${FILE}:${where}: expected at most 86400 (one day)`);
  });

  it("accepts exactly one day", () => {
    const manifest = parseManifest(`${HEAD}flows:\n  - name: a\n    timeout_s: 86400\n`, FILE);
    expect(manifest.flows[0]?.timeout_s).toBe(86_400);
  });
});
