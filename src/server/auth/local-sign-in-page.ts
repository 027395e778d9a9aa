import { brandHead, LOGO_SVG } from '../web/brand-style.js';
import { escapeHtml } from '../web/message-page.js';

const PAGE_CSS = `
body { min-height: 100vh; display: grid; place-items: center; padding: 1rem; }
main { width: 100%; max-width: 26rem; padding: 2rem; background: var(--card); border: 1px solid var(--border); border-radius: 12px; box-shadow: 0 10px 30px -12px rgb(15 23 42 / .25); }
.badge { display: inline-block; margin-left: auto; font-size: .75rem; font-weight: 600; letter-spacing: .04em; text-transform: uppercase; padding: .2rem .6rem; border-radius: 999px; background: var(--accent); color: var(--link); }
header { display: flex; align-items: center; gap: .75rem; }
h1 { font-size: 1.35rem; letter-spacing: -.01em; margin: 1.25rem 0 .25rem; }
p { line-height: 1.5; color: var(--muted-foreground); margin: .25rem 0 1rem; }
label { display: block; font-size: .875rem; font-weight: 600; margin: .9rem 0 .3rem; }
input { width: 100%; height: 2.75rem; padding: 0 .75rem; border-radius: 8px; border: 1px solid var(--border); font: inherit; background: var(--background); color: var(--foreground); }
input:focus-visible { outline: 2px solid var(--ring); outline-offset: 1px; }
button { margin-top: 1.5rem; width: 100%; height: 2.75rem; border: 0; border-radius: 8px; background: var(--primary); color: var(--primary-foreground); font: inherit; font-weight: 600; cursor: pointer; }
button:hover { opacity: .9; }
.error { color: var(--destructive); font-weight: 500; }
`;

/** The local sign-in form shown when no OpenID Connect issuer is configured (never in production). */
export function localSignInPage(redirect: string, error?: string): string {
  const notice = error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : '';
  return `<!doctype html>
<html lang="en">
<head>
${brandHead('Local sign-in · Lifeline', PAGE_CSS)}
</head>
<body>
<main>
<header><a class="brand" href="/">${LOGO_SVG}<span>Lifeline</span></a><span class="badge">Local mode</span></header>
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
