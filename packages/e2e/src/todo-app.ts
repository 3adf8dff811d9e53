// A small static to-do app (add, complete, filter, a counter), written by the test itself
// so nothing of the monorepo is served. `broken` is the same app with a realistic bug:
// the counter counts every item, completed ones included.

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Todos</title>
    <link rel="stylesheet" href="style.css" />
  </head>
  <body>
    <main>
      <h1>Todos</h1>
      <form id="new-todo-form">
        <label for="new-todo">New todo</label>
        <input id="new-todo" placeholder="What needs to be done?" autocomplete="off" />
        <button type="submit">Add</button>
      </form>
      <ul id="todo-list" aria-label="Todo items"></ul>
      <footer>
        <span data-testid="todo-count">0 items left</span>
        <nav aria-label="Filter">
          <button type="button" data-filter="all" aria-pressed="true">All</button>
          <button type="button" data-filter="active" aria-pressed="false">Active</button>
          <button type="button" data-filter="completed" aria-pressed="false">Completed</button>
        </nav>
      </footer>
    </main>
    <script src="app.js"></script>
  </body>
</html>
`;

const STYLE_CSS = `body { font-family: sans-serif; max-width: 32rem; margin: 2rem auto; }
li.completed label { text-decoration: line-through; color: #777; }
nav button[aria-pressed="true"] { font-weight: bold; }
`;

function appJs(broken: boolean): string {
  const left = broken ? "todos.length" : "todos.filter((todo) => !todo.done).length";
  return `"use strict";
const todos = [];
let filter = "all";
const list = document.getElementById("todo-list");
const count = document.querySelector("[data-testid=todo-count]");
const input = document.getElementById("new-todo");

function visible(todo) {
  if (filter === "active") return !todo.done;
  if (filter === "completed") return todo.done;
  return true;
}

function render() {
  list.replaceChildren();
  todos.filter(visible).forEach((todo) => {
    const item = document.createElement("li");
    if (todo.done) item.className = "completed";
    const box = document.createElement("input");
    box.type = "checkbox";
    box.id = "todo-" + todo.id;
    box.checked = todo.done;
    box.addEventListener("change", () => {
      todo.done = box.checked;
      render();
    });
    const label = document.createElement("label");
    label.htmlFor = box.id;
    label.textContent = todo.title;
    item.append(box, label);
    list.append(item);
  });
  const left = ${left};
  count.textContent = left + (left === 1 ? " item left" : " items left");
  document.querySelectorAll("nav button").forEach((button) => {
    button.setAttribute("aria-pressed", String(button.dataset.filter === filter));
  });
}

document.getElementById("new-todo-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const title = input.value.trim();
  if (title === "") return;
  todos.push({ id: todos.length + 1, title, done: false });
  input.value = "";
  render();
});

document.querySelectorAll("nav button").forEach((button) => {
  button.addEventListener("click", () => {
    filter = button.dataset.filter;
    render();
  });
});

render();
`;
}

/** The app's files by relative path. */
export function todoAppFiles(options: { broken?: boolean } = {}): Record<string, string> {
  return {
    "index.html": INDEX_HTML,
    "style.css": STYLE_CSS,
    "app.js": appJs(options.broken === true),
  };
}
