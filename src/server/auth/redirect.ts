/**
 * Accepts only a path on this site ("/try", "/d/abc?x=1"); anything that could leave the site
 * ("//evil.example", "https://…", "/\\evil", "/.//evil", control characters) falls back to "/".
 * The path is normalised once, then the result itself must be a single-slash local path, so the
 * answer is the same when it is checked again (`/.//evil` normalises to `//evil`: refused).
 */
const isControl = (char: string) => {
  const code = char.charCodeAt(0);
  return code < 0x20 || code === 0x7f;
};

/** One leading slash, then no second one and no backslash (browsers read `\` as `/`). */
const isSingleSlashPath = (value: string) =>
  value.startsWith('/') &&
  !value.startsWith('//') &&
  !value.includes('\\') &&
  ![...value].some(isControl);

export function safeLocalPath(value: string | undefined, fallback = '/'): string {
  if (!value || !isSingleSlashPath(value)) return fallback;
  try {
    const url = new URL(value, 'http://local.invalid');
    if (url.origin !== 'http://local.invalid') return fallback;
    const path = `${url.pathname}${url.search}${url.hash}`;
    return isSingleSlashPath(path) ? path : fallback;
  } catch {
    return fallback;
  }
}
