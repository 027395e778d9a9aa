/**
 * The named items of the drawing's context menu for a message, a participant, a note or a block,
 * each with what it does: most send one drawing edit to the parent, and Add comment starts a
 * comment on the item's statement line.
 */
import type { DrawingEdit } from '@shared/mermaid-reader/drawing-edit';
import { MESSAGE_ARROWS, WRAP_BLOCKS } from '@shared/mermaid-reader/drawing-edit-messages';
import { PARTICIPANT_TYPES } from '@shared/mermaid-reader/drawing-edit-participants';
import { BLOCK_BRANCHES } from '@shared/mermaid-reader/sequence';
import type { StyleTarget } from '@shared/mermaid-reader/style-edit';
import { PREVIEW_COPY } from '../copy';
import type { MenuTarget } from './menuTarget';

const COPY = PREVIEW_COPY.menu;

export interface MenuItem {
  label: string;
  /** Runs the item; the menu closes first. */
  run?: () => void;
  /** Opens another page of the menu in its place (arrow kinds, blocks, a confirmation). */
  page?: () => MenuPage;
  checked?: boolean;
  /** The item opens something of its own in the drawing (the label editor, the palette). */
  keepsFocus?: boolean;
  danger?: boolean;
  disabled?: boolean;
}

export type MenuEntry = MenuItem | 'separator';

export type MenuPage =
  | { title: string; entries: MenuEntry[] }
  | { title: string; form: { label: string; value: string; submit(value: string): void } };

export interface MenuActions {
  edit(edit: DrawingEdit, lineText: string | null): void;
  editLabel(label: Element): void;
  colour(target: StyleTarget): void;
  /** Starts a comment on a line (null: comments cannot be made here). */
  comment?: ((line: number) => void) | null;
}

function messagePage(target: Extract<MenuTarget, { kind: 'message' }>, act: MenuActions) {
  const { line, lineText } = target;
  const send = (edit: DrawingEdit) => () => act.edit(edit, lineText);
  const current = target.statement.arrow?.text;
  const entries = (
    [
      target.label
        ? { label: COPY.editLabel, keepsFocus: true, run: () => act.editLabel(target.label!) }
        : null,
      commentEntry(act, line),
      { label: COPY.reverse, run: send({ op: 'reverse', line }) },
      {
        label: COPY.changeArrow,
        page: () => ({
          title: COPY.changeArrow,
          entries: MESSAGE_ARROWS.map((arrow) => ({
            label: COPY.arrows[arrow],
            checked: arrow === current,
            run: send({ op: 'arrow', line, arrow }),
          })),
        }),
      },
      { label: COPY.addNote, run: send({ op: 'add-note', line }) },
      { label: COPY.activate, run: send({ op: 'activate', line }) },
      {
        label: COPY.wrapIn,
        page: () => ({
          title: COPY.wrapIn,
          entries: WRAP_BLOCKS.map((block) => ({
            label: COPY.wrap(block),
            run: send({ op: 'wrap', line, block }),
          })),
        }),
      },
      {
        label: COPY.colour,
        keepsFocus: true,
        run: () => act.colour({ kind: 'message', index: target.index }),
      },
      'separator',
      { label: COPY.deleteMessage, danger: true, run: send({ op: 'delete-message', line }) },
    ] as (MenuEntry | null)[]
  ).filter((entry): entry is MenuEntry => entry !== null);
  return { title: COPY.message(target.from, target.to), entries };
}

/** Add comment on `line`, when comments can be made here and the item has a line. */
function commentEntry(act: MenuActions, line: number | null): MenuItem | null {
  const { comment } = act;
  return comment && line !== null ? { label: COPY.addComment, run: () => comment(line) } : null;
}

function participantPage(target: Extract<MenuTarget, { kind: 'participant' }>, act: MenuActions) {
  const { name } = target;
  const entries = (
    [
      target.label
        ? { label: COPY.editLabel, keepsFocus: true, run: () => act.editLabel(target.label!) }
        : null,
      commentEntry(act, target.line),
      {
        label: COPY.rename,
        page: () => ({
          title: COPY.rename,
          form: {
            label: COPY.renameLabel(name),
            value: name,
            submit: (to: string) => act.edit({ op: 'rename', name, to }, null),
          },
        }),
      },
      {
        label: COPY.changeType,
        page: () => ({
          title: COPY.changeType,
          entries: PARTICIPANT_TYPES.map((type) => ({
            label: COPY.types[type],
            run: () => act.edit({ op: 'participant-type', name, type }, null),
          })),
        }),
      },
      {
        label: COPY.colour,
        keepsFocus: true,
        run: () => act.colour({ kind: 'participant', name }),
      },
      'separator',
      {
        label: COPY.deleteParticipant,
        danger: true,
        page: () => ({
          title: COPY.deleteParticipant,
          entries: [
            {
              label: COPY.confirmDelete(name, target.lines),
              danger: true,
              run: () => act.edit({ op: 'delete-participant', name }, null),
            },
            { label: COPY.cancel, run: () => {} },
          ],
        }),
      },
    ] as (MenuEntry | null)[]
  ).filter((entry): entry is MenuEntry => entry !== null);
  return { title: COPY.participant(name), entries };
}

function blockPage(target: Extract<MenuTarget, { kind: 'block' }>, act: MenuActions) {
  const { line, lineText, keyword } = target;
  const send = (edit: DrawingEdit) => () => act.edit(edit, lineText);
  const branch = BLOCK_BRANCHES[keyword];
  const entries = (
    [
      target.label
        ? { label: COPY.editLabel, keepsFocus: true, run: () => act.editLabel(target.label!) }
        : null,
      commentEntry(act, line),
      { label: COPY.addBranch(branch ?? null), run: send({ op: 'add-branch', line }) },
      { label: COPY.unwrap, run: send({ op: 'unwrap', line }) },
      'separator',
      { label: COPY.deleteBlock, danger: true, run: send({ op: 'delete-block', line }) },
    ] as (MenuEntry | null)[]
  ).filter((entry): entry is MenuEntry => entry !== null);
  return { title: COPY.block(keyword), entries };
}

/** A note's menu: its label and a comment (it has no drawing edits of its own). */
function notePage(target: Extract<MenuTarget, { kind: 'note' }>, act: MenuActions) {
  const entries = [
    target.label
      ? { label: COPY.editLabel, keepsFocus: true, run: () => act.editLabel(target.label!) }
      : null,
    commentEntry(act, target.line),
  ].filter((entry): entry is MenuItem => entry !== null);
  return { title: COPY.note, entries };
}

export function menuPage(target: MenuTarget, act: MenuActions): MenuPage {
  if (target.kind === 'message') return messagePage(target, act);
  if (target.kind === 'participant') return participantPage(target, act);
  if (target.kind === 'note') return notePage(target, act);
  return blockPage(target, act);
}

/** The menu while the text cannot be drawn: gestures are off, and it says why. */
export function stalePage(title: string): MenuPage {
  return { title, entries: [{ label: COPY.stale, disabled: true }] };
}
