/**
 * The page's only script: shows one view at a time (the hash names it: #flows, #tickets,
 * #flow-N) and filters the flow list by outcome and by a search. It reads the page, never
 * data: everything untrusted is already escaped text in the HTML.
 */
export const SCRIPT = `
(() => {
  const views = Array.from(document.querySelectorAll("[data-view]"));
  const rows = Array.from(document.querySelectorAll("tr[data-category]"));
  const buttons = Array.from(document.querySelectorAll("button[data-filter]"));
  const tabs = Array.from(document.querySelectorAll("nav.tabs a"));
  const search = document.getElementById("search");
  const empty = document.getElementById("no-match");
  let filter = "all";
  function apply() {
    const query = search.value.trim().toLowerCase();
    let shown = 0;
    for (const row of rows) {
      const matches = (filter === "all" || row.dataset.category === filter) &&
        (query === "" || row.dataset.search.includes(query));
      row.hidden = !matches;
      if (matches) shown++;
    }
    empty.hidden = shown > 0;
    for (const button of buttons) button.setAttribute("aria-pressed", String(button.dataset.filter === filter));
  }
  function route() {
    const name = decodeURIComponent(location.hash.slice(1)) || "flows";
    const view = views.find((v) => v.id === "view-" + name) || views[0];
    for (const v of views) v.hidden = v !== view;
    const tab = view.id === "view-tickets" ? "#tickets" : "#flows";
    for (const a of tabs) {
      if (a.getAttribute("href") === tab) a.setAttribute("aria-current", "page");
      else a.removeAttribute("aria-current");
    }
    window.scrollTo(0, 0);
  }
  for (const button of buttons) button.addEventListener("click", () => { filter = button.dataset.filter; apply(); });
  search.addEventListener("input", apply);
  window.addEventListener("hashchange", route);
  apply();
  route();
})();
`;
