/** Draws a diagram as text off the page's main thread (the editor stops it if it takes too long). */
import { drawText, TextDiagramError, type TextFormat } from '@shared/text-drawing/render-text';

export type TextWorkerAnswer = { text: string } | { error: string };

self.onmessage = (event: MessageEvent<{ source: string; format: TextFormat }>) => {
  const { source, format } = event.data;
  let answer: TextWorkerAnswer;
  try {
    answer = { text: drawText(source, format) };
  } catch (error) {
    answer = {
      error:
        error instanceof TextDiagramError
          ? error.message
          : 'The diagram could not be drawn as text.',
    };
  }
  self.postMessage(answer);
};
