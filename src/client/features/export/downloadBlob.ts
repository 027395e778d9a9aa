/**
 * Saves a blob under `fileName` from the editor page itself: downloads started inside the
 * sandboxed render frame are blocked, so export always happens here.
 */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; give the browser a moment before freeing the URL.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
