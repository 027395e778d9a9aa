/**
 * The drawing as a structure a screen reader can walk (issue 46): a region named like the text
 * version ("Sequence diagram: Checkout") holding the participants in order and the messages in
 * order, blocks as groups named by kind and label. Every word comes from the text version
 * (describe-diagram.ts), read by the one reader of diagram text: this only shapes it.
 */
import { diagramDescription, type DescriptionItem } from '@shared/describe-diagram';
import { diagramFamily } from '@shared/mermaid-reader/kind';

export type WalkNode =
  | { kind: 'participant'; id: string; text: string; index: number }
  | {
      kind: 'message';
      /** "2. Storefront to Payments: authorise card (async)". */
      text: string;
      /** The message's place among the drawn messages (0-based, the drawing's order). */
      index: number;
      line: number;
      from: string;
      to: string;
      /** Its notes, in the text version's words. */
      notes: string[];
    }
  | { kind: 'group'; text: string; children: WalkNode[] }
  /** A note before any message, or a block with nothing in it. */
  | { kind: 'text'; text: string };

export interface WalkTree {
  /** The region's name: 'Sequence diagram: Checkout'. */
  heading: string;
  accDescr: string | null;
  /** '3 participants, 5 messages'. */
  summary: string | null;
  participants: WalkNode[];
  messages: WalkNode[];
  /** Every participant node in order, and every message node in order (the keys walk these). */
  participantOrder: Extract<WalkNode, { kind: 'participant' }>[];
  messageOrder: Extract<WalkNode, { kind: 'message' }>[];
}

/** Whether a drawing of `text` has a walk (then it stands for the SVG: see walk.ts). */
export const hasWalk = (text: string): boolean => diagramFamily(text) === 'sequence';

/** A sequence diagram's walk; null for other kinds (their SVG keeps mermaid's own title). */
export function walkTree(text: string, name?: string): WalkTree | null {
  if (!hasWalk(text)) return null;
  const description = diagramDescription(text, name);
  const participantOrder: WalkTree['participantOrder'] = [];
  const messageOrder: WalkTree['messageOrder'] = [];
  const shape = (item: DescriptionItem): WalkNode => {
    if (item.id !== undefined) {
      const node = {
        kind: 'participant' as const,
        id: item.id,
        text: item.text,
        index: participantOrder.length,
      };
      participantOrder.push(node);
      return node;
    }
    if (item.number !== undefined && item.ends && item.line !== undefined) {
      const node = {
        kind: 'message' as const,
        text: `${item.number}. ${item.text}`,
        index: messageOrder.length,
        line: item.line,
        from: item.ends[0],
        to: item.ends[1],
        notes: item.children.map((note) => note.text),
      };
      messageOrder.push(node);
      return node;
    }
    if (item.children.length === 0) return { kind: 'text', text: item.text };
    return { kind: 'group', text: item.text, children: item.children.map(shape) };
  };
  const participants = description.participants.map(shape);
  const messages = description.messages.map(shape);
  return {
    heading: description.heading,
    accDescr: description.accDescr,
    summary: description.summary,
    participants,
    messages,
    participantOrder,
    messageOrder,
  };
}

/** The message after (or before) `from` that `participant` sends or receives; null if none. */
export function nextMessageOf(
  tree: WalkTree,
  participant: string,
  from: number,
  forward: boolean,
): number | null {
  const step = forward ? 1 : -1;
  for (let at = from + step; at >= 0 && at < tree.messageOrder.length; at += step) {
    const message = tree.messageOrder[at]!;
    if (message.from === participant || message.to === participant) return at;
  }
  return null;
}
