import { html, type SafeHtml } from "./html.js";

export interface LoginViewData {
  username: string;
  next: string;
  failed: boolean;
}

export function loginView(data: LoginViewData): SafeHtml {
  const alert = data.failed
    ? html`<div class="error-summary" role="alert"><p>Incorrect username or password.</p></div>`
    : html``;
  return html` <h1>Log in</h1>
    ${alert}
    <form method="post" action="/login" class="login-form" aria-labelledby="login-title">
      <h2 id="login-title" class="visually-hidden">Your account</h2>
      <input type="hidden" name="next" value="${data.next}" />
      <div class="field">
        <label for="username">Username</label>
        <input
          id="username"
          name="username"
          autocomplete="username"
          value="${data.username}"
          required
        />
      </div>
      <div class="field">
        <label for="password">Password</label>
        <input
          id="password"
          name="password"
          type="password"
          autocomplete="current-password"
          required
        />
      </div>
      <button type="submit">Log in</button>
    </form>
    <p class="hint">Demo account: <code>demo</code> / <code>demo-pass</code>.</p>`;
}
