/** A small, self-contained HTML page for messages the server answers to a browser navigation. */

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

export function messagePage(page: {
  title: string;
  body: string;
  link: { href: string; label: string };
}): string {
  const title = escapeHtml(page.title);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Lifeline</title>
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<style>
  :root { color-scheme: light dark; font-family: ui-sans-serif, system-ui, sans-serif; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: Canvas; color: CanvasText; }
  main { max-width: 32rem; padding: 2rem; border: 1px solid color-mix(in srgb, CanvasText 15%, transparent); border-radius: 12px; }
  h1 { font-size: 1.25rem; margin: 0 0 .75rem; }
  p { line-height: 1.6; opacity: .85; }
  a { display: inline-block; margin-top: .5rem; padding: .5rem 1rem; border-radius: 8px; background: #4f46e5; color: #fff; text-decoration: none; }
</style>
</head>
<body>
<main>
<h1>${title}</h1>
<p>${escapeHtml(page.body)}</p>
<a href="${escapeHtml(page.link.href)}">${escapeHtml(page.link.label)}</a>
</main>
</body>
</html>`;
}
