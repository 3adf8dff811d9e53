/** Words after which a `/` starts a regular expression, not a division. */
const BEFORE_REGEX = new Set([
  "return",
  "typeof",
  "instanceof",
  "in",
  "of",
  "new",
  "delete",
  "void",
  "throw",
  "case",
  "do",
  "else",
  "yield",
  "await",
]);
const PUNCTUATION_BEFORE_REGEX = "([{,;:=!&|?+-*%<>~^";

/**
 * A script's text with its comments blanked and the contents of its strings, template literals
 * and regular expressions blanked (quotes, delimiters, `${…}` code and line breaks kept), offset
 * for offset: a pattern run on the mask finds only code, and an offset it finds reads the original
 * text. A lexer as small as the job needs: a `/` is a regular expression where an operand is
 * expected (after punctuation, a keyword, or nothing).
 */
export function codeMask(text: string): string {
  const out = text.split("");
  const blank = (from: number, to: number) => {
    for (let i = from; i < to && i < out.length; i++) if (out[i] !== "\n") out[i] = " ";
  };
  /** Brace depth of each open `${`: a `}` at depth 0 goes back into its template. */
  const templates: number[] = [];
  let last = ""; // the last significant code character or word, for the regex/division choice
  let i = 0;
  const template = () => {
    // i is just after a backtick or a `}` that closes `${`: read to the closing backtick or `${`
    const start = i;
    while (i < text.length) {
      const c = text[i];
      if (c === "\\") i += 2;
      else if (c === "`") {
        blank(start, i);
        i++;
        last = "`";
        return;
      } else if (c === "$" && text[i + 1] === "{") {
        blank(start, i);
        i += 2;
        templates.push(0);
        last = "{";
        return;
      } else i++;
    }
    blank(start, text.length);
  };
  while (i < text.length) {
    const c = text[i] ?? "";
    const next = text[i + 1];
    if (c === "/" && next === "/") {
      const end = text.indexOf("\n", i);
      const stop = end === -1 ? text.length : end;
      blank(i, stop);
      i = stop;
    } else if (c === "/" && next === "*") {
      const end = text.indexOf("*/", i + 2);
      const stop = end === -1 ? text.length : end + 2;
      blank(i, stop);
      i = stop;
    } else if (c === '"' || c === "'") {
      const start = ++i;
      while (i < text.length && text[i] !== c && text[i] !== "\n") i += text[i] === "\\" ? 2 : 1;
      blank(start, Math.min(i, text.length));
      i++;
      last = c;
    } else if (c === "`") {
      i++;
      template();
    } else if (
      c === "/" &&
      (last === "" || PUNCTUATION_BEFORE_REGEX.includes(last) || BEFORE_REGEX.has(last))
    ) {
      const start = ++i;
      let inClass = false;
      while (i < text.length && text[i] !== "\n") {
        const r = text[i];
        if (r === "\\") i += 2;
        else {
          if (r === "[") inClass = true;
          else if (r === "]") inClass = false;
          else if (r === "/" && !inClass) break;
          i++;
        }
      }
      blank(start, Math.min(i, text.length));
      i++;
      last = "/re";
    } else if (c === "{") {
      if (templates.length > 0) templates[templates.length - 1]! += 1;
      last = c;
      i++;
    } else if (c === "}") {
      const depth = templates.at(-1);
      i++;
      if (depth === 0) {
        templates.pop();
        template();
      } else {
        if (depth !== undefined) templates[templates.length - 1] = depth - 1;
        last = c;
      }
    } else if (/[A-Za-z_$\d]/.test(c)) {
      const start = i;
      while (i < text.length && /[\w$]/.test(text[i] ?? "")) i++;
      last = text.slice(start, i);
    } else {
      if (!/\s/.test(c)) last = c;
      i++;
    }
  }
  return out.join("");
}
