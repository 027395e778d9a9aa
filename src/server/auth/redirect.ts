/**
 * Accepts only a path on this site ("/try", "/d/abc?x=1"); anything that could leave the site
 * ("//evil.example", "https://…", "/\\evil", control characters) falls back to "/".
 */
const isControl = (char: string) => {
  const code = char.charCodeAt(0);
  return code < 0x20 || code === 0x7f;
};

export function safeLocalPath(value: string | undefined, fallback = '/'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return fallback;
  if (value.includes('\\') || [...value].some(isControl)) return fallback;
  try {
    const url = new URL(value, 'http://local.invalid');
    if (url.origin !== 'http://local.invalid') return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
