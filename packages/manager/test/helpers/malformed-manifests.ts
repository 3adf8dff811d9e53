/** Malformed `.verify/workflows.yaml` files and what the manager's one-line error names. */
const ok = 'runner_command: "node r.mjs {flow}"\n';
/** [label, workflows.yaml, what the error's first line names (file, line, field)] */
export const MALFORMED_MANIFESTS: Array<[string, string, RegExp]> = [
  ["version missing", `${ok}flows: []\n`, /workflows\.yaml:\d+: version: is required/],
  ["wrong version", `version: 2\n${ok}flows: []\n`, /:1: version: expected 1/],
  ["runner_command missing", "version: 1\nflows: []\n", /runner_command: is required/],
  [
    "runner_command without {flow}",
    'version: 1\nrunner_command: "node r.mjs"\nflows: []\n',
    /:2: runner_command: must contain \{flow\}/,
  ],
  ["flows not a list", `version: 1\n${ok}flows: nope\n`, /:3: flows: expected a list of flows/],
  [
    "bad flow name",
    `version: 1\n${ok}flows:\n  - name: "Bad Name"\n`,
    /:4: flows\[0\]\.name: expected a name matching/,
  ],
  [
    "duplicate flow",
    `version: 1\n${ok}flows:\n  - name: a\n  - name: a\n`,
    /:5: flows\[1\]\.name: duplicate flow name 'a'/,
  ],
  [
    "negative timeout",
    `version: 1\n${ok}flows:\n  - name: a\n    timeout_s: -5\n`,
    /:5: flows\[0\]\.timeout_s: expected a positive number/,
  ],
  ["unknown key", `version: 1\n${ok}flows: []\ncolour: blue\n`, /:4: colour: unknown key/],
  [
    "unknown flow key",
    `version: 1\n${ok}flows:\n  - name: a\n    tag: [x]\n`,
    /:5: flows\[0\]\.tag: unknown key/,
  ],
  [
    "bad base_url",
    `version: 1\n${ok}base_url: ftp://x\nflows: []\n`,
    /:3: base_url: expected an http\(s\) URL/,
  ],
  [
    "web_server without command",
    `version: 1\n${ok}web_server:\n  url: http://127.0.0.1:1/\nflows: []\n`,
    /web_server\.command: is required/,
  ],
  ["invalid YAML", `version: 1\n${ok}flows: [a\n`, /invalid YAML/],
  ["not a mapping", "- just\n- a list\n", /expected a YAML mapping at the top level/],
  [
    "tags not strings",
    `version: 1\n${ok}flows:\n  - name: a\n    tags: [""]\n`,
    /flows\[0\]\.tags\[0\]: expected a non-empty tag/,
  ],
];
