import { htmlEscape } from "./escape.js";

/**
 * A small markdown renderer for `error-context.md` (headings, lists, fenced code, paragraphs,
 * `code`, **bold**, http(s) links). The file comes from a runner, so it is untrusted: every
 * character is escaped before any markup is added, and raw HTML in it stays text.
 */
export function renderMarkdown(markdown: string): string {
  const out: string[] = [];
  const lines = markdown.replaceAll("\r\n", "\n").split("\n");
  const lists: { indent: number; tag: "ul" | "ol" }[] = [];
  let paragraph: string[] = [];
  const flushParagraph = () => {
    if (paragraph.length > 0) out.push(`<p>${inline(paragraph.join(" "))}</p>`);
    paragraph = [];
  };
  const closeLists = (indent = -1) => {
    while (lists.length > 0 && (lists.at(-1)?.indent ?? 0) > indent) {
      out.push(`</li></${lists.pop()?.tag}>`);
    }
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const fence = /^(\s*)(`{3,}|~{3,})\s*([\w-]*)\s*$/.exec(line);
    if (fence) {
      flushParagraph();
      closeLists();
      const marker = fence[2] as string;
      const body: string[] = [];
      for (i++; i < lines.length; i++) {
        const next = lines[i] as string;
        if (next.trim().startsWith(marker) && /^[`~]+$/.test(next.trim())) break;
        body.push(next);
      }
      const lang = fence[3] ? ` data-lang="${htmlEscape(fence[3])}"` : "";
      out.push(`<pre${lang}><code>${htmlEscape(body.join("\n"))}</code></pre>`);
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    const item = /^(\s*)([-*+]|\d{1,9}[.)])\s+(.*)$/.exec(line);
    if (heading) {
      flushParagraph();
      closeLists();
      // The page has its own h1/h2: a document's headings start one level below.
      const level = Math.min(6, (heading[1] as string).length + 2);
      out.push(`<h${level}>${inline(heading[2] as string)}</h${level}>`);
    } else if (item) {
      flushParagraph();
      const indent = (item[1] as string).length;
      const tag = /\d/.test(item[2] as string) ? "ol" : "ul";
      closeLists(indent);
      const top = lists.at(-1);
      if (top && top.indent === indent) out.push("</li>");
      else {
        lists.push({ indent, tag });
        out.push(`<${tag}>`);
      }
      out.push(`<li>${inline(item[3] as string)}`);
    } else if (line.trim() === "") {
      flushParagraph();
      closeLists();
    } else {
      closeLists();
      paragraph.push(line.trim());
    }
  }
  flushParagraph();
  closeLists();
  return out.join("\n");
}

/** Inline markup over escaped text: code spans first, so nothing inside them is markup. */
function inline(text: string): string {
  return text
    .split(/(`+[^`]*?`+)/)
    .map((part, index) =>
      index % 2 === 1
        ? `<code>${htmlEscape(part.replace(/^`+|`+$/g, ""))}</code>`
        : emphasis(htmlEscape(part)),
    )
    .join("");
}

function emphasis(escaped: string): string {
  return escaped
    .replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>")
    .replace(
      /\[([^\]]+)\]\((https?:\/\/[^\s()]+)\)/g,
      '<a href="$2" rel="noopener noreferrer">$1</a>',
    );
}
