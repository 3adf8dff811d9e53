/** A small static to-do app (add, complete, a counter) for flows to drive. */
export const TODO_INDEX = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Todos</title><link rel="stylesheet" href="app.css"></head>
<body>
  <h1>todos</h1>
  <input aria-label="New todo" placeholder="What needs to be done?">
  <ul aria-label="Todo list"></ul>
  <p role="status">0 items left</p>
  <button type="button">Crash</button>
  <script src="app.js"></script>
</body>
</html>
`;

export const TODO_SCRIPT = `
const input = document.querySelector("input");
const list = document.querySelector("ul");
const status = document.querySelector("[role=status]");
function count() {
  const left = list.querySelectorAll("input:not(:checked)").length;
  status.textContent = left + " item" + (left === 1 ? "" : "s") + " left";
}
input.addEventListener("keydown", (event) => {
  if (event.key !== "Enter" || input.value.trim() === "") return;
  const item = document.createElement("li");
  const box = document.createElement("input");
  box.type = "checkbox";
  box.setAttribute("aria-label", input.value.trim());
  box.addEventListener("change", count);
  item.append(box, " " + input.value.trim());
  list.append(item);
  input.value = "";
  count();
});
document.querySelector("button").addEventListener("click", () => {
  const settings = undefined;
  return settings.theme;
});
`;

export const TODO_FILES = {
  "index.html": TODO_INDEX,
  "app.js": TODO_SCRIPT,
  "app.css": "body { font-family: sans-serif; }\n",
};
