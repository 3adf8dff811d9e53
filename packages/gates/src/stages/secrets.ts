import picomatch from "picomatch";
import type { GateFinding } from "@agent-verify/contract";
import { finding, outcome, type GatesContext, type Stage } from "../context.js";
import { isPresent, type FileChange } from "../diff/change.js";
import { maskSecret, secretHash } from "../mask.js";
import { entropyHits } from "./entropy-rule.js";
import { tokenHits } from "./token-patterns.js";

interface Hit {
  file: string;
  line: number;
  rule: string;
  secret: string;
}

type LintSource = typeof import("@secretlint/core").lintSource;
type Config = Parameters<LintSource>[0]["options"]["config"];

async function loadSecretlint(): Promise<{ lintSource: LintSource; config: Config }> {
  const [{ lintSource }, { creator }] = await Promise.all([
    import("@secretlint/core"),
    import("@secretlint/secretlint-rule-preset-recommend"),
  ]);
  return {
    lintSource,
    config: { rules: [{ id: "@secretlint/secretlint-rule-preset-recommend", rule: creator }] },
  };
}

/** Only the added lines, at their own line numbers, so secretlint sees nothing else. */
function addedSource(file: FileChange): string {
  const last = Math.max(0, ...file.added.keys());
  const lines = new Array<string>(last).fill("");
  for (const [line, text] of file.added) lines[line - 1] = text;
  return lines.join("\n");
}

async function secretlintHits(root: string, files: FileChange[]): Promise<Hit[]> {
  const { lintSource, config } = await loadSecretlint();
  const hits: Hit[] = [];
  for (const file of files) {
    const content = addedSource(file);
    const result = await lintSource({
      source: { filePath: `${root}/${file.path}`, content, contentType: "text" },
      options: { config, maskSecrets: true },
    });
    for (const message of result.messages) {
      const secret = content.slice(message.range[0], message.range[1]);
      hits.push({
        file: file.path,
        line: message.loc.start.line,
        rule: message.ruleId.replace("@secretlint/secretlint-rule-", "secretlint/"),
        secret,
      });
    }
  }
  return hits;
}

function isAllowed(ctx: GatesContext): (hit: Hit, hash: string) => boolean {
  const entries = ctx.config.secrets.allow;
  const hashes = entries
    .map((e) => e.replace(/^sha256:/, ""))
    .filter((e) => /^[0-9a-f]{8,}$/.test(e));
  const globs = entries.filter((e) => !/^(?:sha256:)?[0-9a-f]{8,}$/.test(e));
  const matchesGlob = globs.length > 0 ? picomatch(globs, { dot: true }) : () => false;
  return (hit, hash) => hashes.some((h) => hash.startsWith(h)) || matchesGlob(hit.file);
}

/** Stage 2: secrets in added lines and untracked files, keyed by file + rule + hash of the secret. */
export const secrets: Stage = async (ctx) => {
  const files = ctx.change.files.filter((f) => isPresent(f) && f.added.size > 0);
  if (files.length === 0) return outcome([]);
  const hits = await secretlintHits(ctx.root, files);
  for (const file of files) {
    const generic = [
      ...tokenHits(file.added),
      ...entropyHits(file.added).map((hit) => ({ ...hit, rule: "keyword-entropy" })),
    ];
    for (const hit of generic) {
      // One secret, one finding: secretlint's precise rule wins over the generic ones,
      // and a known token shape over the keyword rule.
      const known = hits.some(
        (h) =>
          h.file === file.path && (h.secret.includes(hit.secret) || hit.secret.includes(h.secret)),
      );
      if (!known)
        hits.push({ file: file.path, line: hit.line, rule: hit.rule, secret: hit.secret });
    }
  }
  const allowed = isAllowed(ctx);
  const seen = new Set<string>();
  const findings: GateFinding[] = [];
  for (const hit of hits.sort((a, b) => a.line - b.line)) {
    ctx.secrets.add(hit.secret);
    const hash = secretHash(hit.secret);
    const key = `${hit.file}\0${hit.rule}\0${hash}`;
    if (seen.has(key) || allowed(hit, hash)) continue;
    seen.add(key);
    const message = `possible secret ${maskSecret(hit.secret)} [sha256:${hash}]`;
    const hint = `remove it and rotate it; if it is not a secret, add "sha256:${hash}" to secrets.allow`;
    findings.push(finding("secrets", hit.file, hit.line, hit.rule, message, hint));
  }
  return outcome(findings);
};
