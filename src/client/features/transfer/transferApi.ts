/** GET /api/export (a zip download) and POST /api/import (multipart upload). */
import type { ImportResult } from '@shared/transfer';
import { http } from '@/api/http';
import { downloadBlob } from '@/features/export/downloadBlob';

const FALLBACK_NAME = 'lifeline-diagrams.zip';

function fileNameOf(disposition: string | null): string {
  const match = /filename="([^"]+)"/.exec(disposition ?? '');
  return match?.[1] ?? FALLBACK_NAME;
}

export async function exportAll(): Promise<void> {
  const response = await http.request('/api/export', { headers: { Accept: 'application/zip' } });
  const blob = await response.blob();
  downloadBlob(blob, fileNameOf(response.headers.get('Content-Disposition')));
}

export function importFiles(files: File[]): Promise<ImportResult> {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  return http.json<ImportResult>('/api/import', { method: 'POST', body: form });
}
