/**
 * The default preview engine: texts go by postMessage to the sandboxed render frame, which
 * renders off the editor's main thread (in its own process where Chromium isolates sandboxed
 * frames) and shows the drawing itself; results come back with the SVG markup for export.
 */
import type { ResolvedTheme } from '@shared/mermaid-config';
import { isFrameMessage, type ParentMessage, type RenderRequest } from './protocol';
import {
  PreviewStore,
  type LabelEditHandler,
  type PreviewEngine,
  type ViewCommandName,
} from './previewStore';

export class FrameEngine implements PreviewEngine {
  private readonly store: PreviewStore;
  private ready = false;
  private latest: RenderRequest | null = null;
  private frame: HTMLIFrameElement | null = null;
  private zoom = 1;
  private pinned = true;
  private labelEdit: LabelEditHandler | null = null;

  readonly getState: PreviewStore['getState'];
  readonly subscribe: PreviewStore['subscribe'];

  /** `publish`: see PreviewStore. */
  constructor(publish = true) {
    this.store = new PreviewStore(publish);
    this.getState = this.store.getState;
    this.subscribe = this.store.subscribe;
  }

  request(text: string, theme: ResolvedTheme): void {
    const next = this.store.next(text, theme);
    if (!next) return;
    this.latest = { type: 'lifeline:render', text, ...next };
    this.send();
  }

  setZoom(zoom: number): void {
    this.zoom = zoom;
    this.store.setZoom(zoom);
    if (this.ready) this.post({ type: 'lifeline:zoom', zoom });
  }

  view(command: ViewCommandName): void {
    if (this.ready) this.post({ type: 'lifeline:view', command });
  }

  setPinned(pinned: boolean): void {
    this.pinned = pinned;
    if (this.ready) this.post({ type: 'lifeline:pin', pinned });
  }

  onLabelEdit(handler: LabelEditHandler | null): void {
    this.labelEdit = handler;
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

  /** A (re)loaded frame gets the view settings first, then the newest text. */
  private greet() {
    this.ready = true;
    this.post({ type: 'lifeline:pin', pinned: this.pinned });
    if (this.zoom !== 1) this.post({ type: 'lifeline:zoom', zoom: this.zoom });
    this.send();
  }

  // The frame's script has run by its load event, so its listener is in place even if our
  // handler missed the ready message.
  private onLoad = () => {
    if (!this.ready) this.greet();
  };

  private onMessage = (event: MessageEvent) => {
    if (event.source === null || event.source !== this.frame?.contentWindow) return;
    if (!isFrameMessage(event.data)) return;
    const data = event.data;
    if (data.type === 'lifeline:ready') {
      this.greet(); // first load, or the frame reloaded
    } else if (data.type === 'lifeline:view-state') {
      this.zoom = data.zoom;
      this.store.setZoom(data.zoom);
    } else if (data.type === 'lifeline:label-edit') {
      const { type: _type, ...edit } = data;
      this.labelEdit?.(edit);
    } else {
      this.store.accept(data);
    }
  };
}
