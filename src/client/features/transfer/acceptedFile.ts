import { IMPORT_ACCEPT } from '@shared/transfer';

const EXTENSIONS = IMPORT_ACCEPT.split(',');

/** Whether Import takes a file of this name (the server checks again, and the content too). */
export function isAcceptedFile(name: string): boolean {
  const lower = name.toLowerCase();
  return EXTENSIONS.some((extension) => lower.endsWith(extension));
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
