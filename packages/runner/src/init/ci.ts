// `verify-runner init --ci github|gitlab`: the CI file that runs every flow in shards,
// merges the shards' reports into one HTML report and one JUnit file, and fails on a red
// run (the choice `npm init playwright` offers). Plain text, as the user will read it.
import type { PackageManager } from "./guess.js";

export type CiProvider = "github" | "gitlab";

export const CI_PROVIDERS: readonly CiProvider[] = ["github", "gitlab"];

export const CI_FILE: Readonly<Record<CiProvider, string>> = {
  github: ".github/workflows/verify.yml",
  gitlab: ".gitlab-ci.yml",
};

/** Shards per run; the written file says where to change it. */
export const CI_SHARDS = 2;

interface Tooling {
  /** Installs exactly the lockfile's versions. */
  install: string;
  /** Runs a bin of node_modules/.bin. */
  bin: string;
  /** GitHub steps that put the package manager on PATH (after checkout). */
  githubSetup: string[];
  /** setup-node's `cache:` value, when it has one for this manager. */
  githubCache: string | undefined;
  /** GitLab lines that put the package manager on PATH in a node image. */
  gitlabSetup: string[];
}

const TOOLING: Readonly<Record<PackageManager, Tooling>> = {
  npm: {
    install: "npm ci",
    bin: "npx --no-install",
    githubSetup: [],
    githubCache: "npm",
    gitlabSetup: [],
  },
  pnpm: {
    install: "pnpm install --frozen-lockfile",
    bin: "pnpm exec",
    githubSetup: ["      - uses: pnpm/action-setup@v4"],
    githubCache: "pnpm",
    gitlabSetup: ["    - npm install -g pnpm"],
  },
  yarn: {
    install: "yarn install --frozen-lockfile",
    bin: "yarn",
    githubSetup: [],
    githubCache: "yarn",
    gitlabSetup: [],
  },
  bun: {
    install: "bun install --frozen-lockfile",
    bin: "bunx",
    githubSetup: ["      - uses: oven-sh/setup-bun@v2"],
    githubCache: undefined,
    gitlabSetup: ["    - npm install -g bun"],
  },
};

const header = (provider: CiProvider) => [
  `# Written by \`verify-runner init --ci ${provider}\`: every flow of .verify/workflows.yaml,`,
  `# in ${CI_SHARDS} shards (change the shard list and the /${CI_SHARDS} together), then one merged HTML`,
  "# report and one JUnit file. A failing flow fails its shard and the merged report's job.",
];

function githubSetup(tools: Tooling): string[] {
  return [
    "      - uses: actions/checkout@v5",
    ...tools.githubSetup,
    "      - uses: actions/setup-node@v5",
    "        with:",
    "          node-version: lts/*",
    ...(tools.githubCache ? [`          cache: ${tools.githubCache}`] : []),
    "      - name: Install dependencies",
    `        run: ${tools.install}`,
  ];
}

export function githubWorkflow(manager: PackageManager): string {
  const tools = TOOLING[manager];
  const shards = Array.from({ length: CI_SHARDS }, (_, i) => i + 1).join(", ");
  return [
    ...header("github"),
    "name: verify",
    "on:",
    "  push:",
    "    branches: [main, master]",
    "  pull_request:",
    "jobs:",
    "  flows:",
    `    name: flows (shard \${{ matrix.shard }}/${CI_SHARDS})`,
    "    runs-on: ubuntu-latest",
    "    timeout-minutes: 30",
    "    strategy:",
    "      fail-fast: false",
    "      matrix:",
    `        shard: [${shards}]`,
    "    steps:",
    ...githubSetup(tools),
    "      - name: Install the browser",
    `        run: ${tools.bin} playwright install --with-deps chromium`,
    "      - name: Run the flows",
    `        run: ${tools.bin} verify-manager run --all --shard \${{ matrix.shard }}/${CI_SHARDS} --reporter json=verify-report-\${{ matrix.shard }}.json`,
    "      - name: Keep the shard's report and artifacts",
    "        if: ${{ !cancelled() }}",
    "        uses: actions/upload-artifact@v4",
    "        with:",
    "          name: verify-shard-${{ matrix.shard }}",
    "          path: |",
    "            verify-report-${{ matrix.shard }}.json",
    "            .verify/artifacts/",
    "          retention-days: 30",
    "  report:",
    "    name: merged report",
    "    needs: flows",
    "    if: ${{ !cancelled() }}",
    "    runs-on: ubuntu-latest",
    "    steps:",
    ...githubSetup(tools),
    "      - uses: actions/download-artifact@v5",
    "        with:",
    "          pattern: verify-shard-*",
    "          path: verify-shards",
    "      - name: Merge the shards' reports",
    `        run: ${tools.bin} verify-manager merge-reports verify-shards/*/verify-report-*.json --reporter html=verify-html-report --reporter junit=verify-junit.xml`,
    "      - name: Keep the HTML report and JUnit",
    "        if: ${{ !cancelled() }}",
    "        uses: actions/upload-artifact@v4",
    "        with:",
    "          name: verify-html-report",
    "          path: |",
    "            verify-html-report/",
    "            verify-junit.xml",
    "          retention-days: 30",
    "",
  ].join("\n");
}

export function gitlabPipeline(manager: PackageManager): string {
  const tools = TOOLING[manager];
  const setup = [...tools.gitlabSetup, `    - ${tools.install}`];
  return [
    ...header("gitlab"),
    "stages: [verify, report]",
    "",
    "default:",
    "  image: node:lts",
    "",
    "verify-flows:",
    "  stage: verify",
    `  parallel: ${CI_SHARDS}`,
    "  script:",
    ...setup,
    `    - ${tools.bin} playwright install --with-deps chromium`,
    `    - ${tools.bin} verify-manager run --all --shard "$CI_NODE_INDEX/$CI_NODE_TOTAL" --reporter "json=verify-report-$CI_NODE_INDEX.json" --reporter "junit=verify-junit-$CI_NODE_INDEX.xml"`,
    "  artifacts:",
    "    when: always",
    "    expire_in: 30 days",
    "    paths:",
    "      - verify-report-*.json",
    "      - .verify/artifacts/",
    "    reports:",
    "      junit: verify-junit-*.xml",
    "",
    "verify-report:",
    "  stage: report",
    "  when: always",
    "  needs: [verify-flows]",
    "  script:",
    ...setup,
    `    - ${tools.bin} verify-manager merge-reports verify-report-*.json --reporter html=verify-html-report --reporter junit=verify-junit.xml`,
    "  artifacts:",
    "    when: always",
    "    expire_in: 30 days",
    "    paths:",
    "      - verify-html-report/",
    "    reports:",
    "      junit: verify-junit.xml",
    "",
  ].join("\n");
}

export function ciFile(provider: CiProvider, manager: PackageManager): string {
  return provider === "github" ? githubWorkflow(manager) : gitlabPipeline(manager);
}
