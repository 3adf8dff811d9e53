import { parseSearch } from "./links.js";

/**
 * The page's only script: shows one view at a time and filters the flow list. The hash holds
 * the state, so a link can be shared: `#?flow=<name>` a flow's page, `#?q=<search>&s=<filter>`
 * the filtered list, `#tickets`; `#flow-N` from older links still opens the Nth flow. It
 * reads the page, never data: everything untrusted is already escaped text in the HTML.
 */
export const SCRIPT = `
(() => {
  const parseSearch = ${parseSearch.toString()};
  const views = Array.from(document.querySelectorAll("[data-view]"));
  const rows = Array.from(document.querySelectorAll("tr[data-category]"));
  const buttons = Array.from(document.querySelectorAll("button[data-filter]"));
  const tabs = Array.from(document.querySelectorAll("nav.tabs a"));
  const search = document.getElementById("search");
  const empty = document.getElementById("no-match");
  let filter = "all";
  function matches(row, query) {
    const status = query.status || (filter === "all" ? null : filter);
    if (status && row.dataset.category !== status) return false;
    const tags = row.dataset.tags.split(" ");
    if (!query.tags.every((tag) => tags.includes("@" + tag))) return false;
    const text = row.dataset.search + " " + row.dataset.tags;
    return query.words.every((word) => text.includes(word));
  }
  function apply() {
    const query = parseSearch(search.value);
    let shown = 0;
    for (const row of rows) {
      row.hidden = !matches(row, query);
      if (!row.hidden) shown++;
    }
    empty.hidden = shown > 0;
    for (const button of buttons) button.setAttribute("aria-pressed", String(button.dataset.filter === filter));
  }
  function listHash() {
    const params = new URLSearchParams();
    if (search.value.trim() !== "") params.set("q", search.value.trim());
    if (filter !== "all") params.set("s", filter);
    const text = params.toString();
    return text === "" ? "#flows" : "#?" + text;
  }
  function saveState() {
    history.replaceState(null, "", listHash());
    for (const link of document.querySelectorAll("a.to-list")) link.setAttribute("href", listHash());
  }
  function pick(view) {
    for (const v of views) v.hidden = v !== view;
    const tab = view.id === "view-tickets" ? "#tickets" : "#flows";
    for (const a of tabs) {
      if (a.getAttribute("href") === tab) a.setAttribute("aria-current", "page");
      else a.removeAttribute("aria-current");
    }
    window.scrollTo(0, 0);
  }
  function route() {
    const hash = location.hash.slice(1);
    if (hash.startsWith("?")) {
      const params = new URLSearchParams(hash.slice(1));
      const flow = params.get("flow");
      if (flow !== null) {
        const view = views.find((v) => v.dataset.flow === flow) || views[0];
        pick(view);
        const run = params.get("run");
        const tab = run === null ? null : view.querySelector('[role=tab][data-run="' + CSS.escape(run) + '"]');
        if (tab) selectRun(tab);
        return;
      }
      search.value = params.get("q") || "";
      filter = buttons.some((b) => b.dataset.filter === params.get("s")) ? params.get("s") : "all";
      apply();
      pick(views[0]);
      return;
    }
    const name = decodeURIComponent(hash) || "flows";
    pick(views.find((v) => v.id === "view-" + name) || views[0]);
  }
  for (const button of buttons) button.addEventListener("click", () => { filter = button.dataset.filter; apply(); saveState(); });
  search.addEventListener("input", () => { apply(); saveState(); });
  function selectRun(tab) {
    const list = tab.closest("[role=tablist]");
    for (const t of list.querySelectorAll("[role=tab]")) t.setAttribute("aria-selected", String(t === tab));
    for (const panel of list.parentElement.querySelectorAll(":scope > [role=tabpanel]")) panel.hidden = panel.dataset.run !== tab.dataset.run;
  }
  for (const list of document.querySelectorAll("[role=tablist]")) {
    list.addEventListener("click", (event) => {
      const tab = event.target.closest("[role=tab]");
      if (!tab) return;
      selectRun(tab);
      // The attempt is in the URL, so a reload or a shared link opens the same tab.
      const view = list.closest("[data-view]");
      const params = new URLSearchParams({ flow: view.dataset.flow, run: tab.dataset.run });
      history.replaceState(null, "", "#?" + params.toString());
    });
  }
  if (location.protocol === "http:" || location.protocol === "https:") {
    for (const link of document.querySelectorAll("a.trace-viewer")) {
      const trace = new URL(link.dataset.trace, location.href).href;
      link.href = new URL("trace/index.html?trace=" + encodeURIComponent(trace), location.href).href;
      link.hidden = false;
      link.nextElementSibling.hidden = true;
    }
  }
  window.addEventListener("hashchange", route);
  apply();
  route();
})();
`;
