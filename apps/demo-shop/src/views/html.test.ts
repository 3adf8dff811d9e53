import { describe, expect, it } from "vitest";
import { escapeHtml, html, raw } from "./html.js";

describe("html", () => {
  it("escapes interpolated text", () => {
    const name = `<script>alert("x")</script> & 'y'`;
    expect(html`<p>${name}</p>`.value).toBe(
      "<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;</p>",
    );
  });

  it("keeps nested SafeHtml and joins arrays", () => {
    const items = ["a<b", "c"].map((text) => html`<i>${text}</i>`);
    expect(html`<b>${items}</b>`.value).toBe("<b><i>a&lt;b</i><i>c</i></b>");
    expect(html`${raw("<br>")}`.value).toBe("<br>");
  });

  it("renders numbers and drops null, undefined and booleans", () => {
    expect(html`${0}|${null}|${undefined}|${false}|${true}`.value).toBe("0||||");
  });

  it("escapes the five special characters", () => {
    expect(escapeHtml(`&<>"'`)).toBe("&amp;&lt;&gt;&quot;&#39;");
  });
});
