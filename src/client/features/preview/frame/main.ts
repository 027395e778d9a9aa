/**
 * The render frame: a sandboxed, opaque-origin document (sandbox="allow-scripts") that renders
 * and shows the diagram, so mermaid's long main-thread work never blocks typing in the editor.
 * It renders only the newest text it has received and reports each drawing to the parent. It is
 * also the workspace: pan, zoom, pinned actor headers and in-place label editing happen here,
 * and the parent hears about them by message.
 */
import { PREVIEW_RESCROLL_AFTER_CHANGE_MS } from '@shared/constants';
import { explainParseError, type ErrorHint } from '@shared/mermaid-reader/error-hint';
import type { DrawnDiagram } from '@shared/mermaid-drawing/draw-diagram';
import { afterNextPaint } from '../../../lib/afterNextPaint';
import { ERROR_AFTER_PAUSE_MS, errorLeftBehind } from '../errorPause';
import { createLatestOnlyQueue } from '../latestOnlyQueue';
import { loadMermaid, renderDiagram } from '../mermaidRenderer';
import {
  isCommentMarksRequest,
  isHighlightRequest,
  isMarkupRequest,
  isNameRequest,
  isPinRequest,
  isTouchEditRequest,
  isPresentRequest,
  isRenderRequest,
  isViewCommand,
  isZoomRequest,
  type DrawingEditMessage,
  type FrameMessage,
  type RenderRequest,
} from '../protocol';
import { naturalSvgSize } from '../svgSize';
import { installErrorCard } from './errorCard';
import { FRAME_STYLES } from './frameStyles';
import { installGestures } from './gestures';
import { installCommentMarks } from './commentMarks';
import { installDragEdits } from './dragEdits';
import { installDrawingMenu } from './drawingMenu';
import { installLabelEditor } from './labelEditor';
import { WARM_UP_ROUNDS, warmUpText } from './warmUp';
import { HeaderStrip } from './pinnedHeaders';
import { sanitizedAsDrawn } from './sanitizedAsDrawn';
import { showDrawing } from './showDrawing';
import { installPresent } from './present';
import { installDrawingLink } from './sourceLink';
import { installStylePalette } from './stylePalette';
import { Viewport } from './viewport';
import { installDrawingWalk } from './walk';
import { hasWalk } from './walkTree';

// Our location keeps the real URL even though our origin is opaque: the parent has that origin.
const parentOrigin = new URL(window.location.href).origin;

const style = document.createElement('style');
style.textContent = FRAME_STYLES;
document.head.append(style);
const stage = document.createElement('main');
stage.id = 'stage';
stage.tabIndex = 0;
const canvas = document.createElement('div');
canvas.id = 'canvas';
stage.append(canvas);
document.body.append(stage);

function post(message: FrameMessage | DrawingEditMessage, transfer: Transferable[] = []) {
  window.parent.postMessage(message, parentOrigin, transfer);
}

const utf8 = new TextEncoder();

// The benchmark build's baseline only (bench:pan); the shipped frame always transforms.
const mode =
  import.meta.env.MODE === 'bench' &&
  new URLSearchParams(window.location.search).get('pan') === 'layout';
/** The last zoom the page asked for and this frame took: its view reports carry it. */
let zoomSeq = 0;
const view = new Viewport(
  stage,
  canvas,
  (state) => post({ type: 'lifeline:view-state', ...state, zoomSeq }),
  mode ? 'layout' : 'transform',
);
const headers = new HeaderStrip(stage);
const placeHeaders = () => headers.place(view.x, view.y, view.zoom);
view.onMove = () => {
  placeHeaders();
  walk.place();
};
installGestures(stage, view);
new ResizeObserver(() => view.resized()).observe(stage);
const currentSvg = () => canvas.querySelector('svg');
const editor = installLabelEditor(
  stage,
  currentSvg,
  () => view.zoom,
  (edit) => post({ type: 'lifeline:label-edit', ...edit }),
);

const link = installDrawingLink(
  stage,
  currentSvg,
  view,
  (line) => post({ type: 'lifeline:select-line', line }),
  () => headers.heightPx,
);

/** The cursor's line in the editor (highlight requests say), null when unknown. */
let cursorLine: number | null = null;
const walk = installDrawingWalk({
  stage,
  currentSvg,
  view,
  coveredTop: () => headers.heightPx,
  cursorLine: () => cursorLine,
  goToLine: (line) => post({ type: 'lifeline:select-line', line, focus: true }),
  leave: () => post({ type: 'lifeline:return-focus' }),
});

const palette = installStylePalette(stage, currentSvg, (target, preset) =>
  post({ type: 'lifeline:style-pick', target, preset }),
);
const dragEdits = installDragEdits({
  stage,
  currentSvg,
  edit: (edit, lineText) => post({ type: 'lifeline:drawing-edit', edit, lineText }),
  editLabel: (label, own) => editor.editAt(label, own),
  target: (line, moving) => post({ type: 'lifeline:drag-line', line, moving }),
});
const menu = installDrawingMenu({
  stage,
  currentSvg,
  edit: (edit, lineText) => post({ type: 'lifeline:drawing-edit', edit, lineText }),
  editLabel: (label) => editor.editAt(label),
  colour: (target, x, y, done) => palette.open(target, x, y, done),
  returnFocus: () => post({ type: 'lifeline:return-focus' }),
  selectLine: (line) => post({ type: 'lifeline:select-line', line }),
  focusedMessage: () => walk.focusedMessage(),
  followMessage: (line) => walk.follow(line),
  comment: () => (commentable ? (line) => post({ type: 'lifeline:comment-line', line }) : null),
});
const present = installPresent(stage, currentSvg, view);
const commentMarks = installCommentMarks(currentSvg);
/** Whether the parent takes comments (the context menu then offers Add comment). */
let commentable = false;
const errorCard = installErrorCard(stage);

let headerTimer = 0;

/** Builds the pinned headers for the drawing on screen and places them for the view. */
function buildHeaders() {
  headers.build(currentSvg());
  placeHeaders();
}

/**
 * The newest render request received, and the newest one received before another diagram was
 * opened (a restart): a drawing answering one of those is the last diagram's, still on its way,
 * and must not take the fitted placement meant for the new diagram's first drawing.
 */
let newestRequestSeq = 0;
let seqBeforeRestart = 0;

/**
 * Puts `markup` (drawn for request `seq`) on screen, where the view has it; returns the drawing's
 * natural size.
 */
function show(markup: string, seq: number, text: string) {
  // The drawing's walk stands for a sequence diagram's SVG (walk.ts): hidden from screen readers
  // before it meets the one on screen, so morphdom never shows it to them for a moment.
  const walked = hasWalk(text);
  // One synchronous swap: the old drawing stays until the new one is ready, and the view
  // (pan and zoom) is kept, so typing never makes the preview jump or flash.
  const svg = showDrawing(canvas, markup, (drawing) => {
    const natural = naturalSvgSize(drawing);
    drawing.style.maxWidth = 'none';
    drawing.style.width = `${natural.width}px`;
    drawing.style.height = `${natural.height}px`;
    if (walked) drawing.setAttribute('aria-hidden', 'true');
  });
  const size = svg
    ? { width: parseFloat(svg.style.width) || 0, height: parseFloat(svg.style.height) || 0 }
    : { width: 0, height: 0 };
  view.setContent(size.width, size.height, seq > seqBeforeRestart);
  return size;
}

/**
 * While the text is mid-edit (`    User` is not yet a message) the last good drawing stays on
 * screen, dimmed, and the error is marked in the editor at once; the error graphic and its plain
 * hint come over the drawing only once the error outlasts a pause in typing or the cursor leaves
 * its line (errorPause.ts). Each new text starts the wait again, so it never shows between two
 * keys.
 */
/** The request the drawing in the canvas answers (0: none); errors never go in the canvas. */
let goodSeq = 0;
let errorTimer = 0;
let shownSize = { width: 0, height: 0 };
/** The error waiting for the pause or for the cursor to leave its line. */
let pendingError: { hint: ErrorHint; svg: string } | null = null;

function showErrorCard(hint: ErrorHint, svg: string) {
  cancelPendingError();
  stage.dataset.status = 'error';
  errorCard.show(svg, hint.hint);
}

function setStale(stale: boolean) {
  if (stale) stage.dataset.stale = 'true';
  else delete stage.dataset.stale;
}

function cancelPendingError() {
  clearTimeout(errorTimer);
  errorTimer = 0;
  pendingError = null;
}

/**
 * Fits what the frame adds to a drawing of `text` to it: the highlight, then pinned headers. The
 * highlight reads the drawing's layout, which the paint has just computed; after the headers'
 * copies went in, the same read forced a layout of the whole drawing (50 ms for 600 messages).
 */
function decorate(text: string) {
  link.drawn(text);
  menu.drawn(text);
  dragEdits.drawn(text);
  present.drawn(text);
  commentMarks.drawn(text);
  buildHeaders();
  walk.drawn(text);
}

/**
 * How long drawing must be quiet before the frame sanitizes the drawing on screen and sends its
 * markup unasked. While someone types, each key's drawing replaces the last one before this, so
 * none of them is sanitized; Export asks at once (MarkupRequest) and never waits for the pause.
 */
const MARKUP_AFTER_QUIET_MS = 400;
let markupTimer = 0;
interface ScreenDrawing {
  /** The newest render request this drawing answers for (a half-typed text kept it on screen). */
  seq: number;
  result: DrawnDiagram;
  drawnText: string;
  /** Whether it answers for a newer text with an error (then it is not shown again). */
  keepLastGood: boolean;
}
/** The drawing on screen whose sanitized markup the parent has yet to receive. */
let owedMarkup: ScreenDrawing | null = null;
/** The last drawing whose markup was sent: it answers again for texts that kept it on screen. */
let sentMarkup: ScreenDrawing | null = null;

/**
 * A text this much longer than the drawing on screen (a paste, a template) is likely a long
 * render: the drawing on screen is sanitized and sent before it starts, so Export, pressed while
 * it renders, never waits behind it. A key or a completion adds less, and typing sends nothing.
 */
const SEND_BEFORE_LONGER_BY_CHARS = 200;

/**
 * Sanitizes the drawing on screen and sends its markup (what Export saves). It is the same
 * drawing unless the pass removed something, and then the screen shows it too.
 */
function sendMarkup() {
  clearTimeout(markupTimer);
  if (!owedMarkup) return;
  const { seq, result, drawnText, keepLastGood } = owedMarkup;
  sentMarkup = owedMarkup;
  owedMarkup = null;
  const markup = result.svg;
  if (!keepLastGood && result.status !== 'error' && !sanitizedAsDrawn(result.drawnSvg, markup)) {
    shownSize = show(markup, seq, drawnText);
    decorate(drawnText);
  }
  const svgBytes = utf8.encode(markup).buffer;
  post({ type: 'lifeline:markup', seq, svgBytes }, [svgBytes]);
}

async function renderAndShow(request: RenderRequest) {
  const started = performance.now();
  if (
    owedMarkup &&
    request.text.length > owedMarkup.drawnText.length + SEND_BEFORE_LONGER_BY_CHARS
  ) {
    sendMarkup();
  }
  const result = await renderDiagram(request.text, request.theme);
  editor.close();
  document.documentElement.style.colorScheme = request.theme === 'dark' ? 'dark' : 'light';
  document.documentElement.dataset.theme = request.theme;
  // mermaid drew this very markup in this document a moment ago, so it goes on screen before
  // mermaid's final sanitizing pass over it, which a 600-message drawing spends 100–250 ms in.
  const drawnText = result.status === 'error' ? '' : request.text;
  // Another diagram's drawing is not kept under this one's error.
  const keepLastGood = result.status === 'error' && goodSeq > seqBeforeRestart;
  cancelPendingError();
  if (result.status === 'error' && request.text.trim() === '') {
    // Nothing written yet: nothing to draw, and no mistake to point at.
    setStale(false);
    errorCard.hide();
    stage.dataset.status = 'error';
    if (goodSeq > 0) {
      goodSeq = 0;
      canvas.replaceChildren();
      shownSize = { width: 0, height: 0 };
      view.setContent(0, 0);
      decorate('');
    }
  } else if (result.status === 'error') {
    const hint = explainParseError(result.error ?? '', request.text);
    setStale(keepLastGood);
    if (!keepLastGood && goodSeq > 0) {
      // Another diagram's drawing: it goes, rather than stand for this one.
      goodSeq = 0;
      canvas.replaceChildren();
      shownSize = { width: 0, height: 0 };
      view.setContent(0, 0);
      decorate('');
    }
    if (errorCard.shown || errorLeftBehind(hint, cursorLine)) {
      // Shown already (more typing on a line still in error), or left behind: shown now.
      showErrorCard(hint, result.drawnSvg);
    } else {
      // The last good drawing (if any) stays, dimmed; the error waits for the pause.
      pendingError = { hint, svg: result.drawnSvg };
      errorTimer = window.setTimeout(
        () => showErrorCard(hint, result.drawnSvg),
        ERROR_AFTER_PAUSE_MS,
      );
    }
  } else {
    setStale(false);
    errorCard.hide();
    stage.dataset.status = result.status;
    goodSeq = request.seq;
    shownSize = show(result.drawnSvg, request.seq, request.text);
    // Spec §9: the headers are measured again 300 ms after a content change (fonts settled).
    clearTimeout(headerTimer);
    headerTimer = window.setTimeout(buildHeaders, PREVIEW_RESCROLL_AFTER_CHANGE_MS);
  }
  const size = shownSize;
  // While the text has an error, Export saves the last good drawing: it is what the screen shows
  // mid-edit, and a better file than the error graphic shown after the pause.
  const lastDrawing = owedMarkup ?? sentMarkup;
  if (result.status === 'error' && lastDrawing && lastDrawing.result.status !== 'error') {
    owedMarkup = { ...lastDrawing, seq: request.seq, keepLastGood: true };
  } else owedMarkup = { seq: request.seq, result, drawnText, keepLastGood: false };
  clearTimeout(markupTimer);
  await afterNextPaint();
  post({
    type: 'lifeline:result',
    seq: request.seq,
    theme: request.theme,
    status: result.status,
    diagramType: result.diagramType,
    error: result.error,
    renderMs: Math.round(performance.now() - started),
    textLength: request.text.length,
    ...size,
  });
  // Chromium sends a message out of an out-of-process frame only once the task that posted it
  // ends: the parent hears of the drawing now, not after the work below.
  await new Promise((resolve) => setTimeout(resolve, 0));
  // The pinned headers and the highlight follow a frame later: on a 600-message diagram whose
  // participants moved, copying about 2,000 headers and finding the cursor line's elements took
  // 100–250 ms that the drawing need not wait for.
  if (result.status !== 'error') decorate(drawnText);
  if (owedMarkup?.seq === request.seq)
    markupTimer = window.setTimeout(sendMarkup, MARKUP_AFTER_QUIET_MS);
}

/** A round of warming up (see warmUp.ts): drawn, never shown. */
interface WarmUpRound {
  type: 'warm-up';
  round: number;
}

let lastTheme: RenderRequest['theme'] = 'neutral';
/** The length of a warm-up text: a real text this long warms the frame as well. */
const WARM_UP_LENGTH = warmUpText(0).length;
/** Whether this frame has drawn (or is about to draw) a text at least as long as a warm-up. */
let warmed = false;

async function run(job: RenderRequest | WarmUpRound) {
  if (job.type === 'lifeline:render') {
    lastTheme = job.theme;
    warmed ||= job.text.length >= WARM_UP_LENGTH;
    await renderAndShow(job);
    return;
  }
  if (warmed) return;
  const warmUp = await renderDiagram(warmUpText(job.round), lastTheme);
  if (warmUp.status === 'ok' && job.round + 1 < WARM_UP_ROUNDS) {
    queue.offer({ type: 'warm-up', round: job.round + 1 });
  }
}

const queue = createLatestOnlyQueue(run);

window.addEventListener('message', (event) => {
  if (event.source !== window.parent || event.origin !== parentOrigin) return;
  const data: unknown = event.data;
  if (isRenderRequest(data)) {
    // More typing: an error graphic still waiting for a pause waits again.
    cancelPendingError();
    newestRequestSeq = Math.max(newestRequestSeq, data.seq);
    queue.submit(data);
  } else if (isMarkupRequest(data)) {
    // Export waits: the drawing on screen is sent now (a drawing already sent has arrived or is
    // on its way; one newer than `seq` stands in for it, as it replaced it on screen).
    if (owedMarkup && owedMarkup.seq >= data.seq) sendMarkup();
  } else if (isZoomRequest(data)) {
    zoomSeq = data.seq; // messages arrive in order
    // With a place: the view of the frame this one replaced, kept as the person left it.
    view.pageShows(data.zoom);
    if (data.at) view.restore(data.zoom, data.at.x, data.at.y);
    else view.zoomTo(data.zoom);
  } else if (isViewCommand(data)) {
    if (data.command === 'fit') view.fit();
    else if (data.command === 'restart') {
      // Messages arrive in order: every request of the last diagram has arrived by now.
      seqBeforeRestart = newestRequestSeq;
      view.restart();
    } else view.reset();
  } else if (isHighlightRequest(data)) {
    cursorLine = data.line;
    // The cursor left the line of an error still waiting for the pause: it shows now.
    if (pendingError && errorLeftBehind(pendingError.hint, cursorLine)) {
      showErrorCard(pendingError.hint, pendingError.svg);
    }
    link.highlight(data.line, data.follow ?? false);
  } else if (isCommentMarksRequest(data)) {
    commentable = data.commentable;
    commentMarks.set(data.lines);
  } else if (isPresentRequest(data)) {
    present.show(data.step);
    walk.present(data.step);
  } else if (isTouchEditRequest(data)) {
    dragEdits.setTouch(data.on);
  } else if (isNameRequest(data)) {
    walk.setName(data.name);
  } else if (isPinRequest(data)) {
    headers.setPinned(data.pinned);
    placeHeaders();
  }
});

// Warm: mermaid loads while the parent still fetches the text (and in a frame that replaces one
// busy with stale text, while nothing else is in the way).
void loadMermaid().then(async () => {
  post({ type: 'lifeline:warm', loadMs: Math.round(performance.now()) });
  // Once the frame is first idle, it warms up for a long diagram, unless it has drawn one.
  await queue.idle();
  if (!warmed) queue.offer({ type: 'warm-up', round: 0 });
});
post({ type: 'lifeline:ready' });
