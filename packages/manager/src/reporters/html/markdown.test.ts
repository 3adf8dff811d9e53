import { describe, expect, it } from "vitest";
import { renderMarkdown } from "./markdown.js";

describe("renderMarkdown", () => {
  it("renders error-context.md's headings, nested lists, fences and inline code", () => {
    const html = renderMarkdown(
      [
        "# Flow `checkout` failed",
        "",
        "- Failing step: `pay`",
        "  - nested **one**",
        "- Trace: (none)",
        "",
        "## Page snapshot (ARIA)",
        "",
        "````yaml",
        '- heading "Cart" [level=1]',
        "```",
        "````",
        "",
        "Plain text",
        "on two lines.",
      ].join("\n"),
    );
    expect(html).toBe(
      [
        "<h3>Flow <code>checkout</code> failed</h3>",
        "<ul>",
        "<li>Failing step: <code>pay</code>",
        "<ul>",
        "<li>nested <strong>one</strong>",
        "</li></ul>",
        "</li>",
        "<li>Trace: (none)",
        "</li></ul>",
        "<h4>Page snapshot (ARIA)</h4>",
        '<pre data-lang="yaml"><code>- heading &quot;Cart&quot; [level=1]\n```</code></pre>',
        "<p>Plain text on two lines.</p>",
      ].join("\n"),
    );
  });

  it("keeps raw HTML, attribute breakouts and script links as text", () => {
    const html = renderMarkdown(
      [
        "# <script>alert(1)</script>",
        '- "><img src=x onerror=alert(1)>',
        "`<b>code</b>` and **<i>bold</i>**",
        "[click](javascript:alert(1)) [docs](https://playwright.dev/docs?a=1&b=2)",
      ].join("\n"),
    );
    expect(html).not.toMatch(/<(script|img|b|i)[\s>]/);
    expect(html).toContain("<h3>&lt;script&gt;alert(1)&lt;/script&gt;</h3>");
    expect(html).toContain("<li>&quot;&gt;&lt;img src=x onerror=alert(1)&gt;");
    expect(html).toContain("<code>&lt;b&gt;code&lt;/b&gt;</code>");
    expect(html).toContain("<strong>&lt;i&gt;bold&lt;/i&gt;</strong>");
    expect(html).toContain("[click](javascript:alert(1))");
    expect(html).toContain(
      '<a href="https://playwright.dev/docs?a=1&amp;b=2" rel="noopener noreferrer">docs</a>',
    );
  });
});
