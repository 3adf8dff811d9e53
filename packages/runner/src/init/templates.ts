// The files `verify-runner init` writes. Plain text on purpose: what a user reads is
// what they get, comments included.

import { PRODUCT_GITIGNORE_LINES } from "@agent-verify/contract/product-files";

export const EXAMPLE_FLOW = "front-page";

export type WebServerPlan =
  | { kind: "command"; command: string; url: string; timeout_s: number }
  | { kind: "static"; dir: string; port: number };

export interface ManifestPlan {
  runnerCommand: string;
  baseUrl: string;
  webServer: WebServerPlan | undefined;
}

const quote = (text: string) => JSON.stringify(text);

function webServerYaml(server: WebServerPlan | undefined): string[] {
  if (server === undefined) return [];
  if (server.kind === "static") {
    return [
      "web_server: # the runner serves this folder itself when base_url does not answer",
      `  static: ${quote(server.dir)}`,
      `  port: ${server.port}`,
    ];
  }
  return [
    "web_server: # started when base_url does not answer, stopped after the run",
    `  command: ${quote(server.command)}`,
    `  url: ${quote(server.url)}`,
    `  timeout_s: ${server.timeout_s}`,
  ];
}

export function manifestYaml(plan: ManifestPlan): string {
  return [
    "# Flows a manager can run by name (written by `verify-runner init`).",
    "# Page objects live in src/pages (every selector), flows in src/flows (intent only);",
    "# a flow's file name is its name, and every flow is declared under flows: below.",
    "version: 1",
    `runner_command: ${quote(plan.runnerCommand)}`,
    `base_url: ${quote(plan.baseUrl)} # VERIFY_BASE_URL overrides`,
    ...webServerYaml(plan.webServer),
    "flows:",
    `  - name: ${EXAMPLE_FLOW}`,
    "    description: The front page loads and has a title.",
    "    timeout_s: 60",
    "    tags: [smoke]",
    "",
  ].join("\n");
}

export const VERIFY_PACKAGE_JSON = `${JSON.stringify(
  {
    private: true,
    description: "agent-verify flows and page objects: ES modules whatever the host repo uses",
    type: "module",
  },
  null,
  2,
)}\n`;

export const VERIFY_TSCONFIG = `${JSON.stringify(
  {
    compilerOptions: {
      target: "ES2022",
      lib: ["ES2022", "DOM"],
      module: "NodeNext",
      moduleResolution: "NodeNext",
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      isolatedModules: true,
      verbatimModuleSyntax: true,
    },
    include: ["src/**/*.ts"],
  },
  null,
  2,
)}\n`;

/** Where flows import the API from: the runner, or `agent-verify`, the one-name package over it. */
export type RunnerModule = "@agent-verify/runner" | "agent-verify";

export const examplePage = (from: RunnerModule) => `import type { Locator, Page } from "${from}";
import { step } from "${from}";

/** The app's front page. A page object holds every selector; flows only call its methods. */
export class FrontPage {
  readonly body: Locator;

  constructor(readonly page: Page) {
    this.body = page.locator("body");
  }

  /** "./" resolves against base_url, so a base_url with a path keeps it. */
  open(): Promise<void> {
    return step("open the front page", async () => {
      await this.page.goto("./");
      await this.body.waitFor();
    });
  }
}
`;

export const EXAMPLE_PAGE = examplePage("@agent-verify/runner");

export const exampleFlow = (from: RunnerModule) => `import { defineFlow } from "${from}";
import { FrontPage } from "../pages/front-page.js";

export default defineFlow({
  name: "${EXAMPLE_FLOW}",
  steps: ["open-front-page", "assert-has-title"],
  async run({ page, step, expect }) {
    const front = new FrontPage(page);
    await step("open-front-page", () => front.open());
    await step("assert-has-title", () => expect(page).toHaveTitle(/\\S/));
  },
});
`;

export const EXAMPLE_FLOW_SOURCE = exampleFlow("@agent-verify/runner");

/** Where the docs and the CI template write the HTML report (`--reporter html=verify-html-report`). */
export const HTML_REPORT_DIR = "verify-html-report";

/**
 * What the runner, the manager and gates write into a repo, never committed: a line for each of
 * the contract's product files but those under node_modules/, which CACHE_LINE (or the repo's
 * own line) covers.
 */
export const GITIGNORE_LINES: readonly string[] = [
  ...PRODUCT_GITIGNORE_LINES.filter((line) => !line.startsWith("node_modules/")),
  // The HTML report's folder as the docs and the CI template name it (`--reporter html=…`).
  `${HTML_REPORT_DIR}/`,
];

/**
 * For a .gitignore that does not cover node_modules yet (a fresh repo): the installed
 * packages stay out of git.
 */
export const CACHE_LINE = "node_modules/";
