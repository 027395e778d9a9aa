import { escapeHtml } from '../web/message-page.js';

/** The local sign-in form shown when no OpenID Connect issuer is configured (never in production). */
export function localSignInPage(redirect: string, error?: string): string {
  const notice = error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Local sign-in · Lifeline</title>
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<style>
  :root { color-scheme: light dark; font-family: ui-sans-serif, system-ui, sans-serif; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: Canvas; color: CanvasText; }
  main { width: min(26rem, calc(100% - 2rem)); padding: 2rem; border: 1px solid color-mix(in srgb, CanvasText 15%, transparent); border-radius: 12px; }
  .badge { display: inline-block; font-size: .75rem; font-weight: 600; letter-spacing: .04em; text-transform: uppercase; padding: .2rem .6rem; border-radius: 999px; background: #fef3c7; color: #92400e; }
  h1 { font-size: 1.3rem; margin: .75rem 0 .25rem; }
  p { line-height: 1.5; opacity: .8; margin: .25rem 0 1rem; }
  label { display: block; font-size: .875rem; font-weight: 600; margin: .75rem 0 .3rem; }
  input { width: 100%; box-sizing: border-box; padding: .55rem .7rem; border-radius: 8px; border: 1px solid color-mix(in srgb, CanvasText 25%, transparent); font: inherit; background: Canvas; color: CanvasText; }
  button { margin-top: 1.25rem; width: 100%; padding: .65rem; border: 0; border-radius: 8px; background: #4f46e5; color: #fff; font: inherit; font-weight: 600; cursor: pointer; }
  .error { color: #dc2626; opacity: 1; }
</style>
</head>
<body>
<main>
<span class="badge">Local mode</span>
<h1>Sign in to Lifeline</h1>
<p>This server has no Google sign-in configured, so it signs you in locally with the name and e-mail you enter. Use it for development and trying Lifeline out.</p>
${notice}
<form method="post" action="/auth/local">
<input type="hidden" name="redirect" value="${escapeHtml(redirect)}">
<label for="name">Name</label>
<input id="name" name="name" required maxlength="100" autocomplete="name">
<label for="email">E-mail</label>
<input id="email" name="email" type="email" required maxlength="254" autocomplete="email">
<button type="submit">Sign in locally</button>
</form>
</main>
</body>
</html>`;
}
