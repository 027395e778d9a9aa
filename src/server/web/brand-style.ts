/**
 * The product's look for the pages the server writes itself (local sign-in, messages, the API
 * reference): the app's font and palette (src/client/styles.css), light and dark. The stored
 * theme is applied by /theme-init.js, the same script the app runs before its first paint; a
 * page without it follows the system's preference.
 */

/** The palette of src/client/styles.css, light then dark. */
const LIGHT = `--background:#ffffff;--foreground:#0f172a;--muted:#f1f5f9;--muted-foreground:#475569;--border:#e2e8f0;--card:#ffffff;--primary:#4f46e5;--primary-foreground:#ffffff;--accent:#eef2ff;--destructive:#dc2626;--ring:#6366f1;--link:#4338ca;--code:#f1f5f9;`;
const DARK = `--background:#0b1120;--foreground:#e2e8f0;--muted:#1e293b;--muted-foreground:#94a3b8;--border:#1e293b;--card:#111827;--primary:#818cf8;--primary-foreground:#0b1120;--accent:#1e1b4b;--destructive:#f87171;--ring:#818cf8;--link:#a5b4fc;--code:#1e293b;`;

export const BRAND_FONT = `ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif`;
export const BRAND_MONO = `ui-monospace, 'SFMono-Regular', Menlo, Consolas, 'DejaVu Sans Mono', monospace`;

/** Base rules: palette variables, body, links and focus rings. */
export const BRAND_CSS = `
:root { ${LIGHT} color-scheme: light; }
@media (prefers-color-scheme: dark) { :root:not(.light) { ${DARK} color-scheme: dark; } }
:root.dark { ${DARK} color-scheme: dark; }
*, *::before, *::after { box-sizing: border-box; }
body { margin: 0; background: var(--background); color: var(--foreground); font: 16px/1.5 ${BRAND_FONT}; -webkit-font-smoothing: antialiased; }
a { color: var(--link); text-underline-offset: 2px; }
a:focus-visible, button:focus-visible, input:focus-visible { outline: 2px solid var(--ring); outline-offset: 2px; }
code, pre { font-family: ${BRAND_MONO}; font-size: .9em; }
.brand { display: inline-flex; align-items: center; gap: .5rem; font-weight: 600; letter-spacing: -.01em; color: var(--foreground); text-decoration: none; }
.brand svg { width: 1.5rem; height: 1.5rem; }
`;

/** The mark of src/client/components/LogoMark.tsx, inline so the page loads nothing for it. */
export const LOGO_SVG = `<svg viewBox="0 0 32 32" aria-hidden="true"><rect width="32" height="32" rx="7" fill="#4f46e5"/><path d="M10 6v20M22 6v20" stroke="#fff" stroke-width="2.5" stroke-linecap="round"/><path d="M10 12h10m0 0-3-3m3 3-3 3M22 20H12m0 0 3-3m-3 3 3 3" stroke="#c7d2fe" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" fill="none"/></svg>`;

/** Head tags every branded page carries: viewport, favicon, the theme script and the styles. */
export function brandHead(title: string, extraCss = '', themeScript = true): string {
  return `<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
${themeScript ? '<script src="/theme-init.js"></script>\n' : ''}<style>${BRAND_CSS}${extraCss}</style>`;
}
