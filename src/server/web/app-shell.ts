/** The built client's index.html, read once, with room for per-page head tags. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { escapeHtml } from './message-page.js';

export function loadAppShell(clientDir: string | undefined): string | null {
  if (!clientDir) return null;
  const file = join(clientDir, 'index.html');
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
}

export interface HeadTags {
  title: string;
  meta: { property?: string; name?: string; content: string }[];
}

/** Replaces the shell's <title> and adds the meta tags, every value escaped. */
export function withHeadTags(shell: string, tags: HeadTags): string {
  const meta = tags.meta
    .map((tag) => {
      const key = tag.property
        ? `property="${escapeHtml(tag.property)}"`
        : `name="${escapeHtml(tag.name ?? '')}"`;
      return `<meta ${key} content="${escapeHtml(tag.content)}" />`;
    })
    .join('\n    ');
  // Replacer functions: a replacement string would expand `$&`, `$'` and `$\`` in user titles.
  const title = `<title>${escapeHtml(tags.title)}</title>`;
  return shell
    .replace(/<title>[^<]*<\/title>/, () => title)
    .replace('</head>', () => `    ${meta}\n  </head>`);
}
