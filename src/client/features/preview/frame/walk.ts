/**
 * The drawing a screen reader and a keyboard can walk (issue 46). Beside mermaid's SVG the frame
 * keeps a region of lists (walkTree.ts): the participants, then the messages with blocks as
 * named groups. Mermaid's SVG is hidden from screen readers while the region stands for it, as
 * the region says all it says (title, description, every participant, message, note and block).
 *
 * With the drawing focused, ↓/↑ walk the messages, ←/→ the participants (from a message: its
 * sender, its receiver), Home/End go to the first and last, ] and [ to the next and previous
 * message to or from the participant walked last, Alt+Enter puts the text's cursor on the focused
 * message's line, and Escape gives the keyboard back to the page. The focused message is also
 * the one Alt+↑/↓, Delete and Enter act on (drawingMenu.ts). A ring marks the focused item over
 * the drawing, and the view glides to keep it in sight. Keys act only while the drawing has the
 * keyboard: the text editor never loses one.
 */
import { messageGroups, messageLines } from '@shared/mermaid-drawing/svg-parts';
import { boundsOf } from './bounds';
import { PINNED_CLASS } from './pinnedHeaders';
import { glideIntoView } from './sourceLink';
import type { Viewport } from './viewport';
import { nextMessageOf, walkTree, type WalkNode, type WalkTree } from './walkTree';

export const WALK_CLASS = 'lifeline-walk';
/** Room kept between the focused item and the frame's sides when the view follows it. */
const MARGIN_PX = 24;
/** The longest a new drawing's walk waits for the frame to be idle. */
const BUILD_WITHIN_MS = 300;
/** The ring's distance from what it marks. */
const RING_PADDING_PX = 4;

/** The words the region adds around the text version's (lists' names). */
export const WALK_COPY = {
  participants: 'Participants',
  messages: 'Messages',
};

export interface DrawingWalk {
  /** A new drawing of `text` is on screen. */
  drawn(text: string): void;
  /** The diagram's own name, used when the text has no `accTitle` or `title`. */
  setName(name: string | null): void;
  /** The drawn elements of the focused message, when a message has the keyboard. */
  focusedMessage(): { line: number; elements: Element[] } | null;
  /** After an edit moved the focused message: the walk follows it to `line` once drawn. */
  follow(line: number): void;
  /** The view moved: the ring follows the focused item. */
  place(): void;
  /** Present mode shows messages up to `step` (null: all): later ones are hidden here too. */
  present(step: number | null): void;
}

export interface DrawingWalkOptions {
  stage: HTMLElement;
  currentSvg: () => SVGSVGElement | null;
  view: Viewport;
  /** How much of the frame's top the pinned headers cover now. */
  coveredTop: () => number;
  /** The line of the text the editor's cursor is on (the walk starts there). */
  cursorLine: () => number | null;
  /** Puts the text editor's cursor on a line and gives it the keyboard. */
  goToLine(line: number): void;
  /** Gives the keyboard back to the page around the frame. */
  leave(): void;
}

type Focusable = Extract<WalkNode, { kind: 'participant' | 'message' }>;

export function installDrawingWalk(options: DrawingWalkOptions): DrawingWalk {
  const { stage, currentSvg, view } = options;
  const region = document.createElement('div');
  region.className = WALK_CLASS;
  region.setAttribute('role', 'region');
  let text = '';
  let name: string | null = null;
  let tree: WalkTree | null = null;
  /** What was last built, so an unchanged drawing keeps its elements (and the focus). */
  let built = '';
  let items = new Map<Focusable, HTMLElement>();
  /** The walk's place: the message and the participant walked last (-1: none yet). */
  let message = -1;
  let participant = -1;
  /** The node with the keyboard, kept across drawings by kind and index. */
  let focused: { kind: Focusable['kind']; index: number } | null = null;
  let followLine: number | null = null;
  let presentStep: number | null = null;
  /** The build waiting for the frame to be idle (see `drawn`). */
  let pending = 0;

  const drawnElements = (node: Focusable): Element[] => {
    const svg = currentSvg();
    if (!svg) return [];
    if (node.kind === 'message') {
      return [
        ...(messageGroups(svg)[node.index] ?? []),
        ...[messageLines(svg)[node.index]].filter((line): line is Element => !!line),
      ];
    }
    // Mermaid draws a participant's box at the top and at the bottom, and names its lifeline
    // too: the top box (with its label) stands for it.
    let top: Element[] = [];
    let topY = Infinity;
    for (const named of svg.querySelectorAll('[name]')) {
      if (named.getAttribute('name') !== node.id || named.closest(`.${PINNED_CLASS}`)) continue;
      if (named.tagName.toLowerCase() === 'line') continue;
      const y = named.getBoundingClientRect().top;
      if (y >= topY) continue;
      topY = y;
      // A box's label is its sibling; an actor's figure holds its own.
      const box = named.tagName.toLowerCase() === 'rect' && named.parentNode !== svg;
      const labels = box ? [...(named.parentElement?.querySelectorAll(':scope > text') ?? [])] : [];
      top = [named, ...labels];
    }
    return top;
  };

  /** Lays the focused item over what it stands for, in the stage's pixels. */
  const place = () => {
    const node = focusedNode();
    const item = node && items.get(node);
    if (!node || !item || document.activeElement !== item) return;
    const elements = drawnElements(node);
    if (elements.length === 0) return;
    view.flush();
    const at = boundsOf(elements);
    const origin = stage.getBoundingClientRect();
    Object.assign(item.style, {
      left: `${at.left - origin.left - RING_PADDING_PX}px`,
      top: `${at.top - origin.top - RING_PADDING_PX}px`,
      width: `${at.width + 2 * RING_PADDING_PX}px`,
      height: `${at.height + 2 * RING_PADDING_PX}px`,
    });
    item.dataset.placed = 'true';
  };

  const focusedNode = (): Focusable | null => {
    if (!tree || !focused) return null;
    return focused.kind === 'message'
      ? (tree.messageOrder[focused.index] ?? null)
      : (tree.participantOrder[focused.index] ?? null);
  };

  const focus = (node: Focusable | undefined | null) => {
    if (!node) return;
    const item = items.get(node);
    if (!item) return;
    if (node.kind === 'message') message = node.index;
    else participant = node.index;
    focused = { kind: node.kind, index: node.index };
    for (const other of region.querySelectorAll('[tabindex="0"]'))
      other.setAttribute('tabindex', '-1');
    item.tabIndex = 0;
    item.focus({ preventScroll: true });
    place();
    const elements = drawnElements(node);
    if (elements.length > 0) {
      glideIntoView(stage, view, elements, {
        top: options.coveredTop() + MARGIN_PX,
        bottom: MARGIN_PX,
        side: MARGIN_PX,
      });
    }
  };

  const list = (label: string | null, nodes: WalkNode[]): HTMLElement => {
    const element = document.createElement('ul');
    if (label) element.setAttribute('aria-label', label);
    for (const node of nodes) element.append(entry(node));
    return element;
  };

  const entry = (node: WalkNode): HTMLElement => {
    const item = document.createElement('li');
    if (node.kind === 'group') {
      const group = document.createElement('div');
      group.setAttribute('role', 'group');
      group.setAttribute('aria-label', node.text);
      group.append(list(null, node.children));
      item.append(group);
      return item;
    }
    item.textContent = node.text;
    if (node.kind === 'text') {
      item.className = 'walk-words';
      return item;
    }
    item.tabIndex = -1;
    item.dataset.walk = node.kind;
    if (node.kind === 'message' && node.notes.length > 0) {
      const notes = document.createElement('ul');
      for (const note of node.notes) {
        const line = document.createElement('li');
        line.className = 'walk-words';
        line.textContent = note;
        notes.append(line);
      }
      item.append(notes);
    }
    items.set(node, item);
    return item;
  };

  const build = () => {
    pending = 0;
    tree = walkTree(text, name ?? undefined);
    const key = tree
      ? JSON.stringify([tree.heading, tree.accDescr, tree.participants, tree.messages])
      : '';
    const svg = currentSvg();
    if (!tree || !svg) {
      region.remove();
      items = new Map();
      built = '';
      return;
    }
    // Mermaid's own title and words: the region says all of them, in order.
    if (svg.getAttribute('aria-hidden') !== 'true') svg.setAttribute('aria-hidden', 'true');
    if (key !== built || !region.isConnected) {
      const hadFocus = region.contains(document.activeElement);
      built = key;
      items = new Map();
      region.setAttribute('aria-label', tree.heading);
      const parts: HTMLElement[] = [];
      for (const words of [tree.accDescr, tree.summary]) {
        if (!words) continue;
        const line = document.createElement('p');
        line.className = 'walk-words';
        line.textContent = words;
        parts.push(line);
      }
      parts.push(list(WALK_COPY.participants, tree.participants));
      if (tree.messageOrder.length > 0) parts.push(list(WALK_COPY.messages, tree.messages));
      region.replaceChildren(...parts);
      if (!region.isConnected) stage.append(region);
      if (followLine !== null) {
        const moved = tree.messageOrder.find((node) => node.line === followLine);
        if (moved) focused = { kind: 'message', index: moved.index };
        followLine = null;
      }
      message = Math.min(message, tree.messageOrder.length - 1);
      participant = Math.min(participant, tree.participantOrder.length - 1);
      applyPresent();
      if (hadFocus) {
        const again = focusedNode() ?? tree.messageOrder.at(-1) ?? tree.participantOrder[0];
        if (again) focus(again);
        else stage.focus({ preventScroll: true });
      }
    } else place();
  };

  /** A key or an edit needs the newest walk: a build still waiting for idle runs now. */
  const flush = () => {
    if (!pending) return;
    window.cancelIdleCallback(pending);
    build();
  };

  const applyPresent = () => {
    if (!tree) return;
    for (const node of tree.messageOrder) {
      const item = items.get(node);
      if (!item) continue;
      item.hidden = presentStep !== null && node.index > presentStep;
    }
    // A block appears with its first message, as in the drawing.
    for (const group of region.querySelectorAll<HTMLElement>('[role="group"]')) {
      const messages = [...group.querySelectorAll<HTMLElement>('[data-walk="message"]')];
      const holder = group.parentElement;
      if (holder) holder.hidden = messages.length > 0 && messages.every((item) => item.hidden);
    }
  };

  /** The message to start from when the drawing itself has the keyboard. */
  const startMessage = (): number => {
    if (!tree) return -1;
    const line = options.cursorLine();
    const atCursor = tree.messageOrder.find((node) => node.line === line);
    return atCursor ? atCursor.index : -1;
  };

  const onKey = (event: KeyboardEvent) => {
    flush();
    if (!tree || event.defaultPrevented || event.ctrlKey || event.metaKey) return;
    const target = event.target;
    const onStage = target === stage;
    const onItem = target instanceof HTMLElement && target.dataset.walk !== undefined;
    if (!onStage && !onItem) return;
    const node = onItem ? focusedNode() : null;
    const messages = tree.messageOrder;
    const people = tree.participantOrder;
    // Present mode walks nothing beyond the step on screen.
    const lastShown =
      presentStep === null ? messages.length - 1 : Math.min(presentStep, messages.length - 1);
    let next: Focusable | null | undefined;
    if (event.altKey) {
      if (event.key === 'Enter' && node?.kind === 'message') {
        event.preventDefault();
        options.goToLine(node.line);
      }
      return;
    }
    const byId = (id: string) => people.find((person) => person.id === id);
    switch (event.key) {
      case 'ArrowDown':
        next =
          onStage && message < 0
            ? messages[Math.max(0, startMessage())]
            : messages[Math.min(message + 1, lastShown)];
        if (node?.kind === 'message' && node.index >= lastShown) next = node;
        break;
      case 'ArrowUp':
        next =
          onStage && message < 0
            ? messages[Math.max(0, startMessage())]
            : messages[Math.max(message - 1, 0)];
        break;
      case 'ArrowLeft':
      case 'ArrowRight': {
        const right = event.key === 'ArrowRight';
        if (node?.kind === 'message') next = byId(right ? node.to : node.from);
        else if (node?.kind === 'participant')
          next = people[Math.max(0, Math.min(people.length - 1, node.index + (right ? 1 : -1)))];
        else next = people[Math.max(participant, 0)];
        break;
      }
      case 'Home':
      case 'End': {
        const first = event.key === 'Home';
        next =
          node?.kind === 'participant'
            ? people[first ? 0 : people.length - 1]
            : messages[first ? 0 : lastShown];
        break;
      }
      case ']':
      case '[': {
        const who =
          node?.kind === 'participant'
            ? node
            : (people[participant] ??
              (node?.kind === 'message' ? byId(node.from) : undefined) ??
              people[0]);
        if (!who) return;
        participant = who.index;
        const at = nextMessageOf(tree, who.id, message, event.key === ']');
        next = at !== null && at <= lastShown ? messages[at] : node;
        break;
      }
      case 'Escape':
        event.preventDefault();
        options.leave();
        return;
      default:
        return;
    }
    event.preventDefault();
    focus(next ?? node);
  };

  stage.addEventListener('keydown', onKey);
  region.addEventListener('focusin', (event) => {
    if (!(event.target instanceof HTMLElement) || event.target.dataset.walk === undefined || !tree)
      return;
    // A screen reader's own cursor may move the focus: the walk's place follows it.
    for (const [node, item] of items) {
      if (item !== event.target) continue;
      if (node.kind === 'message') message = node.index;
      else participant = node.index;
      focused = { kind: node.kind, index: node.index };
      place();
    }
  });

  return {
    drawn(next) {
      text = next;
      // Once the frame is idle: reading a 600-message text into its walk takes about 15 ms,
      // which the next drawing (another key typed) need not wait for.
      window.cancelIdleCallback(pending);
      pending = window.requestIdleCallback(build, { timeout: BUILD_WITHIN_MS });
    },
    setName(next) {
      if (next === name) return;
      name = next;
      if (!text) return;
      window.cancelIdleCallback(pending);
      build();
    },
    focusedMessage() {
      flush();
      const node = focusedNode();
      const item = node && items.get(node);
      if (node?.kind !== 'message' || !item || document.activeElement !== item) return null;
      return { line: node.line, elements: drawnElements(node) };
    },
    follow(line) {
      followLine = line;
    },
    place,
    present(step) {
      presentStep = step;
      applyPresent();
    },
  };
}
