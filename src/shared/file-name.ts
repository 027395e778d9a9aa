/** Spec §5: the exported file name keeps only letters, digits, spaces and hyphens. */
export function exportFileName(title: string, extension: string): string {
  const base = title.replace(/[^\p{L}\p{N} -]/gu, '').trim();
  return `${base || 'diagram'}.${extension}`;
}
