/** A tiny SVG favicon, so browsers do not log a 404 for /favicon.ico on every page. */
export const ICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="#0b57d0"/><path d="M4 6h8l-1 6H5z" fill="#fff"/></svg>`;
