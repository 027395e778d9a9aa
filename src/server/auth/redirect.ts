/**
 * Accepts only a path on this site ("/try", "/d/abc?x=1"); anything that could leave the site
 * ("//evil.example", "https://…", "/\\evil", control characters) falls back to "/".
 */
export function safeLocalPath(value: string | undefined, fallback = '/'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return fallback;
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return fallback;
  try {
    const url = new URL(value, 'http://local.invalid');
    if (url.origin !== 'http://local.invalid') return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
