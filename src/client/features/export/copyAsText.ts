/**
 * Export → Copy as text / Copy as ASCII: the diagram drawn as text, put on the clipboard, with one
 * toast saying so (or why not). Drawn in a worker, stopped after a time limit, so the editor never
 * waits on it.
 */
import { EXPORT_TEXT } from '@shared/messages';
import { outputFormat, type TextFormat } from '@shared/output-formats';
import { toast } from '@/components/ui/toast-store';
import type { TextWorkerAnswer } from './textWorker';

const TEXT_TIMEOUT_MS = 5000;

function drawInWorker(source: string, format: TextFormat): Promise<string> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./textWorker.ts', import.meta.url), { type: 'module' });
    const timer = setTimeout(() => {
      worker.terminate();
      reject(new Error(EXPORT_TEXT.textTooSlow));
    }, TEXT_TIMEOUT_MS);
    worker.onmessage = (event: MessageEvent<TextWorkerAnswer>) => {
      clearTimeout(timer);
      worker.terminate();
      if ('text' in event.data) resolve(event.data.text);
      else reject(new Error(event.data.error));
    };
    worker.onerror = () => {
      clearTimeout(timer);
      worker.terminate();
      reject(new Error(EXPORT_TEXT.failed));
    };
    worker.postMessage({ source, format });
  });
}

export async function copyAsText(source: string, format: TextFormat): Promise<void> {
  try {
    const text = await drawInWorker(source, format);
    await navigator.clipboard.writeText(`${text}\n`);
    toast({ title: EXPORT_TEXT.textCopied(outputFormat(format).label) });
  } catch (error) {
    const description = error instanceof Error ? error.message : undefined;
    toast({ title: EXPORT_TEXT.textFailed, description, variant: 'destructive' });
  }
}
