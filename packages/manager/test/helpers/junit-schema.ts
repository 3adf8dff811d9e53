/**
 * The JUnit XML schema CI systems read (Jenkins' junit-10.xsd, which GitLab follows),
 * as a check over an element tree: which elements may nest where, required attributes,
 * numeric ones, and that the counts add up. No XSD validator installs from npm without
 * native code here, so this is the XSD-equivalent, applied to a tree a real XML parser
 * (Chromium's DOMParser) produced.
 */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const CHILDREN: Record<string, readonly string[]> = {
  testsuites: ["testsuite"],
  testsuite: ["properties", "testcase", "system-out", "system-err"],
  properties: ["property"],
  property: [],
  testcase: ["skipped", "error", "failure", "system-out", "system-err"],
  skipped: [],
  error: [],
  failure: [],
  "system-out": [],
  "system-err": [],
};
const REQUIRED: Record<string, readonly string[]> = {
  testsuite: ["name", "tests"],
  testcase: ["name", "classname"],
  property: ["name", "value"],
  failure: ["message", "type"],
  error: ["message", "type"],
};
const NUMBERS = ["tests", "failures", "errors", "skipped", "time"];
const DECIMAL = /^\d+(\.\d+)?$/;

export function junitProblems(root: XmlElement): string[] {
  const problems: string[] = [];
  if (root.name !== "testsuites") problems.push(`root is <${root.name}>, not <testsuites>`);
  const walk = (element: XmlElement, path: string) => {
    const allowed = CHILDREN[element.name];
    if (!allowed) problems.push(`${path}: unknown element`);
    for (const attribute of REQUIRED[element.name] ?? []) {
      if (!(attribute in element.attributes)) problems.push(`${path}: missing @${attribute}`);
    }
    for (const attribute of NUMBERS) {
      const value = element.attributes[attribute];
      if (value !== undefined && !DECIMAL.test(value))
        problems.push(`${path}/@${attribute}: ${value}`);
    }
    const outcomes = element.children.filter((c) =>
      ["skipped", "error", "failure"].includes(c.name),
    );
    if (element.name === "testcase" && outcomes.length > 1)
      problems.push(`${path}: more than one outcome`);
    element.children.forEach((child, i) => {
      if (allowed && !allowed.includes(child.name))
        problems.push(`${path}: <${child.name}> not allowed`);
      walk(child, `${path}/${child.name}[${i}]`);
    });
  };
  walk(root, root.name);
  for (const suite of root.children) {
    const cases = suite.children.filter((c) => c.name === "testcase");
    const count = (tag: string) =>
      cases.filter((c) => c.children.some((x) => x.name === tag)).length;
    if (Number(suite.attributes.tests) !== cases.length)
      problems.push("tests does not count the testcases");
    if (Number(suite.attributes.failures ?? 0) !== count("failure"))
      problems.push("failures miscounted");
    if (Number(suite.attributes.errors ?? 0) !== count("error")) problems.push("errors miscounted");
  }
  return problems;
}

/** Runs in the page: the parsed document as a plain tree (or the parser's error). */
export const PARSE_IN_PAGE = `(xml) => {
  const doc = new DOMParser().parseFromString(xml, "application/xml");
  const error = doc.querySelector("parsererror");
  if (error) return { error: error.textContent };
  const tree = (el) => ({
    name: el.tagName,
    attributes: Object.fromEntries([...el.attributes].map((a) => [a.name, a.value])),
    children: [...el.children].map(tree),
    text: el.children.length === 0 ? el.textContent : "",
  });
  return { tree: tree(doc.documentElement) };
}`;
