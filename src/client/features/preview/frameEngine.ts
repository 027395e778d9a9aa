/**
 * The default preview engine: texts go by postMessage to the sandboxed render frame, which
 * renders off the editor's main thread (in its own process where Chromium isolates sandboxed
 * frames) and shows the drawing itself; results come back with the SVG markup for export.
 */
import type { ResolvedTheme } from '@shared/mermaid-config';
import { isFrameMessage, type ParentMessage, type RenderRequest } from './protocol';
import { PreviewStore, type PreviewEngine } from './previewStore';

export class FrameEngine implements PreviewEngine {
  private readonly store = new PreviewStore();
  private ready = false;
  private latest: RenderRequest | null = null;
  private frame: HTMLIFrameElement | null = null;
  private zoom = 1;

  getState = this.store.getState;
  subscribe = this.store.subscribe;

  request(text: string, theme: ResolvedTheme): void {
    const next = this.store.next(text, theme);
    if (!next) return;
    this.latest = { type: 'lifeline:render', text, ...next };
    this.send();
  }

  setZoom(zoom: number): void {
    this.zoom = zoom;
    if (this.ready) this.post({ type: 'lifeline:zoom', zoom });
  }

  attach(element: HTMLElement): () => void {
    if (!(element instanceof HTMLIFrameElement)) throw new Error('FrameEngine needs an iframe');
    this.frame = element;
    window.addEventListener('message', this.onMessage);
    element.addEventListener('load', this.onLoad);
    return () => {
      window.removeEventListener('message', this.onMessage);
      element.removeEventListener('load', this.onLoad);
      this.store.detach();
    };
  }

  private post(message: ParentMessage) {
    // The frame's origin is opaque ("null"), so no narrower target origin can match it.
    this.frame?.contentWindow?.postMessage(message, '*');
  }

  private send() {
    if (this.ready && this.latest) this.post(this.latest);
  }

  // The frame's script has run by its load event, so its listener is in place even if our
  // handler missed the ready message.
  private onLoad = () => {
    if (this.ready) return;
    this.ready = true;
    this.post({ type: 'lifeline:zoom', zoom: this.zoom });
    this.send();
  };

  private onMessage = (event: MessageEvent) => {
    if (event.source === null || event.source !== this.frame?.contentWindow) return;
    if (!isFrameMessage(event.data)) return;
    if (event.data.type === 'lifeline:ready') {
      // First load, or the frame reloaded: (re)send the newest text.
      this.ready = true;
      this.post({ type: 'lifeline:zoom', zoom: this.zoom });
      this.send();
    } else {
      this.store.accept(event.data);
    }
  };
}
