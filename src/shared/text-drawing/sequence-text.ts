/**
 * A sequence diagram drawn as text: participant boxes at the top and bottom, lifelines (heavy
 * while active), messages with their labels above the arrow (solid or dotted; filled, open, lost
 * or no heads; loops for self messages), notes in boxes, and block frames (loop, alt/else,
 * opt, par/and, critical/option, break, rect) across the whole drawing, nested inward.
 * Read with the project's one sequence reader; the work is linear in the drawing's size, which
 * is bounded before anything is drawn.
 */
import { readSequence } from '../mermaid-reader/sequence.js';
import { labelLines, widthOf } from './cells.js';
import { TextCanvas } from './canvas.js';
import { glyphsFor, TextDiagramError, type Glyphs, type TextFormat } from './glyphs.js';
import {
  LABEL_COLUMNS,
  placeColumns,
  readParticipants,
  type Participant,
  type Spacing,
} from './sequence-layout.js';
import { readBoxes, type ParticipantBox } from './sequence-boxes.js';
import { sequenceSteps, type Head, type Step } from './sequence-steps.js';

/** A drawing larger than this many character cells is refused (a few megabytes of text). */
export const MAX_TEXT_CELLS = 4_000_000;

const noteWidth = (lines: string[]) => Math.max(0, ...lines.map(widthOf)) + 4;
const labelWidth = (lines: string[]) => Math.max(0, ...lines.map(widthOf));

/** Where a note box goes: its left column and width. */
function notePlace(step: Extract<Step, { kind: 'note' }>, people: Participant[]) {
  const width = noteWidth(step.lines);
  const from = (people[step.from] as Participant).center;
  const to = (people[step.to] as Participant).center;
  if (step.place === 'right') return { x: from + 2, width };
  if (step.place === 'left') return { x: from - 1 - width, width };
  const spanned = Math.max(width, to - from + 5);
  return { x: Math.floor((from + to) / 2) - Math.floor(spanned / 2), width: spanned };
}

function spacingNeeds(steps: Step[], count: number): Spacing[] {
  const needs: Spacing[] = [];
  for (const step of steps) {
    if (step.kind === 'message' && step.from !== step.to) {
      const from = Math.min(step.from, step.to);
      const to = Math.max(step.from, step.to);
      needs.push({ from, to, distance: Math.max(6, labelWidth(step.lines) + 4) });
    } else if (step.kind === 'message' && step.to + 1 < count) {
      needs.push({ from: step.to, to: step.to + 1, distance: labelWidth(step.lines) + 8 });
    } else if (step.kind === 'note' && step.place === 'right' && step.from + 1 < count) {
      needs.push({ from: step.from, to: step.from + 1, distance: noteWidth(step.lines) + 3 });
    } else if (step.kind === 'note' && step.place === 'left' && step.from > 0) {
      needs.push({ from: step.from - 1, to: step.from, distance: noteWidth(step.lines) + 3 });
    }
  }
  return needs;
}

/** A box's frame: two columns outside the boxes of its first and last participant. */
interface BoxFrame {
  left: number;
  right: number;
  title: string;
}

function boxFrame(box: ParticipantBox, people: Participant[]): BoxFrame {
  const first = people[box.first] as Participant;
  const last = people[box.last] as Participant;
  return {
    left: first.center - Math.floor(first.width / 2) - 2,
    right: last.center - Math.floor(last.width / 2) + last.width + 1,
    title: clipTitle(box.title),
  };
}

/** Columns a box's top edge needs for its title: corner, `┄`, ` title `, `┄`, corner. */
const titleRoom = (title: string) => (title ? widthOf(title) + 6 : 0);

/** The box titles, clipped as they are drawn (a line of at most the labels' width). */
function clipTitle(title: string): string {
  return title ? (labelLines(title, LABEL_COLUMNS)[0] ?? '') : '';
}

/**
 * Places the lifelines with the boxes in mind: each box is widened to its title (as mermaid
 * widens it), pushing the participants after it to the right.
 */
function placeWithBoxes(people: Participant[], needs: Spacing[], boxes: ParticipantBox[]) {
  placeColumns(people, needs);
  const wider: Spacing[] = [];
  let frames = boxes.map((box) => boxFrame(box, people));
  frames.forEach((frame, index) => {
    const last = (boxes[index] as ParticipantBox).last;
    const short = titleRoom(frame.title) - (frame.right - frame.left + 1);
    if (short <= 0 || last + 1 >= people.length) return;
    const distance =
      (people[last + 1] as Participant).center - (people[last] as Participant).center;
    wider.push({ from: last, to: last + 1, distance: distance + short });
  });
  if (wider.length > 0) {
    placeColumns(people, [...needs, ...wider]);
    frames = boxes.map((box) => boxFrame(box, people));
  }
  for (const frame of frames) {
    frame.right = Math.max(frame.right, frame.left + titleRoom(frame.title) - 1);
  }
  return frames;
}

/** Boxes whose participants overlap an earlier box's are left out (their frames would cross). */
function separateBoxes(boxes: ParticipantBox[]): ParticipantBox[] {
  const kept: ParticipantBox[] = [];
  for (const box of [...boxes].sort((a, b) => a.first - b.first)) {
    const before = kept[kept.length - 1];
    if (!before || box.first > before.last) kept.push(box);
  }
  return kept;
}

/** Each side of a box between two neighbours widens their gap by this many columns. */
const BOX_SIDE_GAP = 3;

function boxSpacing(boxes: ParticipantBox[], people: Participant[]): Spacing[] {
  const sides = new Map<number, number>();
  for (const box of boxes) {
    if (box.first > 0) sides.set(box.first - 1, (sides.get(box.first - 1) ?? 0) + 1);
    if (box.last + 1 < people.length) sides.set(box.last, (sides.get(box.last) ?? 0) + 1);
  }
  return [...sides].map(([gap, count]) => {
    const left = people[gap] as Participant;
    const right = people[gap + 1] as Participant;
    const base = Math.ceil(left.width / 2) + Math.ceil(right.width / 2) + 1;
    return { from: gap, to: gap + 1, distance: base + BOX_SIDE_GAP * count };
  });
}

/** The leftmost and rightmost columns the drawing uses, before it is shifted into place. */
function extent(
  steps: Step[],
  people: Participant[],
  boxes: BoxFrame[],
): { min: number; max: number; label: number } {
  let min = 0;
  let max = 0;
  let label = 0;
  for (const box of boxes) {
    min = Math.min(min, box.left);
    max = Math.max(max, box.right);
  }
  for (const person of people) {
    min = Math.min(min, person.center - Math.floor(person.width / 2));
    max = Math.max(max, person.center - Math.floor(person.width / 2) + person.width - 1);
  }
  for (const step of steps) {
    if (step.kind === 'note') {
      const { x, width } = notePlace(step, people);
      min = Math.min(min, x);
      max = Math.max(max, x + width - 1);
    } else if (step.kind === 'message' && step.from === step.to) {
      max = Math.max(max, (people[step.from] as Participant).center + 6 + labelWidth(step.lines));
    } else if (step.kind === 'open' || step.kind === 'branch') {
      label = Math.max(label, widthOf(step.label) + 6);
    }
  }
  return { min, max, label };
}

class SequenceDrawing {
  readonly canvas: TextCanvas;
  private readonly active: number[];
  /** Whether each lifeline is drawn: not before `create`, not after `destroy` took effect. */
  private readonly alive: boolean[];
  /** Participants whose `destroy` ends their lifeline after the next message they take part in. */
  private readonly doomed = new Set<number>();
  /** Open frames' left and right columns, outermost first. */
  private readonly frames: { left: number; right: number }[] = [];
  /** Columns a frame line crosses: every lifeline and every box side. */
  private readonly crossings: Set<number>;

  constructor(
    width: number,
    private readonly people: Participant[],
    private readonly g: Glyphs,
    private readonly boxes: BoxFrame[],
  ) {
    this.canvas = new TextCanvas(width);
    this.crossings = new Set([
      ...people.map((person) => person.center),
      ...boxes.flatMap((box) => [box.left, box.right]),
    ]);
    this.active = people.map(() => 0);
    this.alive = people.map((person) => !person.created);
  }

  /** A new line with the lifelines and open frames' sides drawn on it. */
  row(): number {
    const y = this.canvas.height;
    if ((y + 1) * this.canvas.width > MAX_TEXT_CELLS) {
      throw new TextDiagramError(
        'too-large',
        `The text drawing would be larger than ${MAX_TEXT_CELLS.toLocaleString('en')} characters; draw it as an image instead.`,
      );
    }
    this.canvas.grow(y + 1);
    this.boxSides(y);
    this.people.forEach((person, index) => {
      if (!this.alive[index]) return;
      const glyph = (this.active[index] ?? 0) > 0 ? this.g.active : this.g.lifeline;
      this.canvas.put(person.center, y, glyph);
    });
    for (const frame of this.frames) {
      this.canvas.put(frame.left, y, this.g.lifeline);
      this.canvas.put(frame.right, y, this.g.lifeline);
    }
    return y;
  }

  /** The sides of the participant boxes (`box`) on line `y`. */
  private boxSides(y: number) {
    for (const box of this.boxes) {
      this.canvas.put(box.left, y, this.g.boxSide);
      this.canvas.put(box.right, y, this.g.boxSide);
    }
  }

  /** The top (with the title) or the bottom of every participant box, on a line of its own. */
  boxEdges(where: 'top' | 'bottom') {
    if (this.boxes.length === 0) return;
    const { g } = this;
    const y = this.plainRow();
    for (const box of this.boxes) {
      for (let x = box.left + 1; x < box.right; x++) this.canvas.put(x, y, g.boxEdge);
      const top = where === 'top';
      this.canvas.put(box.left, y, top ? g.topLeft : g.bottomLeft);
      this.canvas.put(box.right, y, top ? g.topRight : g.bottomRight);
      if (top && box.title) this.canvas.text(box.left + 2, y, ` ${box.title} `);
    }
  }

  /** A note's box, over the lifelines it covers. */
  box(x: number, width: number, lines: string[]) {
    const { g, canvas } = this;
    this.edge(x, this.row(), width, g.topLeft, g.topRight, -1, g.teeUp);
    for (const line of lines) {
      const y = this.row();
      for (let i = x; i < x + width; i++) canvas.put(i, y, ' ');
      canvas.put(x, y, g.lifeline);
      canvas.put(x + width - 1, y, g.lifeline);
      canvas.text(x + 2, y, line);
    }
    this.edge(x, this.row(), width, g.bottomLeft, g.bottomRight, -1, g.teeDown);
  }

  /** A line for the header and footer boxes, with no lifelines through it. */
  private plainRow(): number {
    const y = this.canvas.height;
    this.canvas.grow(y + 1);
    return y;
  }

  private edge(
    x: number,
    y: number,
    width: number,
    left: string,
    right: string,
    tee: number,
    teeGlyph: string,
  ) {
    for (let i = x + 1; i < x + width - 1; i++)
      this.canvas.put(i, y, i === tee ? teeGlyph : this.g.line);
    this.canvas.put(x, y, left);
    this.canvas.put(x + width - 1, y, right);
  }

  participants(where: 'header' | 'footer') {
    const height = Math.max(...this.people.map((person) => person.lines.length));
    const top = this.canvas.height;
    this.canvas.grow(top + height + 2);
    for (let y = top; y < top + height + 2; y++) this.boxSides(y);
    for (const [index, person] of this.people.entries()) {
      if (!this.alive[index]) continue;
      const x = person.center - Math.floor(person.width / 2);
      const lines = [...person.lines];
      while (lines.length < height) lines.push('');
      this.boxAt(x, top, person, lines, where);
    }
  }

  private boxAt(
    x: number,
    top: number,
    person: Participant,
    lines: string[],
    where: 'header' | 'footer',
  ) {
    const { g, canvas } = this;
    const mid = person.center;
    this.edge(x, top, person.width, g.topLeft, g.topRight, where === 'footer' ? mid : -1, g.teeUp);
    lines.forEach((line, index) => {
      canvas.put(x, top + 1 + index, g.lifeline);
      canvas.put(x + person.width - 1, top + 1 + index, g.lifeline);
      const inset = Math.floor((person.width - 4 - widthOf(line)) / 2);
      canvas.text(x + 2 + inset, top + 1 + index, line);
    });
    const bottom = top + lines.length + 1;
    this.edge(
      x,
      bottom,
      person.width,
      g.bottomLeft,
      g.bottomRight,
      where === 'header' ? mid : -1,
      g.teeDown,
    );
  }

  private head(kind: Head, rightward: boolean): string | null {
    const { g } = this;
    if (kind === 'filled') return rightward ? g.headRight : g.headLeft;
    if (kind === 'open') return rightward ? g.openRight : g.openLeft;
    if (kind === 'lost') return g.lost;
    return null;
  }

  message(step: Extract<Step, { kind: 'message' }>) {
    const { canvas, g } = this;
    const from = (this.people[step.from] as Participant).center;
    const to = (this.people[step.to] as Participant).center;
    const line = step.dotted ? g.dotted : g.line;
    this.row();
    if (step.from === step.to) {
      const rows = Math.max(2, step.lines.length + 1);
      for (let i = 0; i < rows; i++) {
        const y = this.row();
        const last = i === rows - 1;
        if (i === 0) {
          for (let x = from + 1; x < from + 4; x++) canvas.put(x, y, line);
          canvas.put(from + 4, y, g.topRight);
        } else if (last) {
          for (let x = from + 1; x < from + 4; x++) canvas.put(x, y, line);
          canvas.put(from + 4, y, g.bottomRight);
          const head = this.head(step.end, false);
          if (head) canvas.put(from + 1, y, head);
        } else canvas.put(from + 4, y, g.lifeline);
        const text = step.lines[i];
        if (text !== undefined) canvas.text(from + 6, y, text);
      }
    } else {
      const mid = Math.floor((from + to) / 2);
      for (const text of step.lines) {
        canvas.text(mid - Math.floor(widthOf(text) / 2), this.row(), text);
      }
      const y = this.row();
      const rightward = to > from;
      const [lo, hi] = rightward ? [from, to] : [to, from];
      for (let x = lo + 1; x < hi; x++) canvas.put(x, y, line);
      const endHead = this.head(step.end, rightward);
      const startHead = this.head(step.start, !rightward);
      if (endHead) canvas.put(rightward ? hi - 1 : lo + 1, y, endHead);
      if (startHead) canvas.put(rightward ? lo + 1 : hi - 1, y, startHead);
    }
    if (step.activation === '+') this.activate(step.to, 1);
    if (step.activation === '-') this.activate(step.from, -1);
    this.ended(step);
  }

  /** A created participant's box, where its lifeline starts. */
  create(who: number) {
    const person = this.people[who];
    if (!person || this.alive[who]) return;
    this.row();
    const top = this.canvas.height;
    for (let i = 0; i < person.lines.length + 2; i++) this.row();
    const x = person.center - Math.floor(person.width / 2);
    this.boxAt(x, top, person, person.lines, 'header');
    this.alive[who] = true;
  }

  destroy(who: number) {
    if (this.alive[who]) this.doomed.add(who);
  }

  /** Ends the lifelines whose `destroy` the message just drawn carried out. */
  private ended(step: Extract<Step, { kind: 'message' }>) {
    const gone = [step.from, step.to].filter((who) => this.doomed.delete(who));
    if (gone.length === 0) return;
    const y = this.row();
    for (const who of gone) {
      this.canvas.put((this.people[who] as Participant).center, y, this.g.lost);
      this.alive[who] = false;
    }
  }

  activate(who: number, change: 1 | -1) {
    this.active[who] = Math.max(0, (this.active[who] ?? 0) + change);
  }

  note(step: Extract<Step, { kind: 'note' }>) {
    this.row();
    const { x, width } = notePlace(step, this.people);
    this.box(x, width, step.lines);
  }

  frameLine(kind: 'open' | 'branch' | 'end', label: string) {
    const { canvas, g } = this;
    this.row();
    if (kind === 'open') {
      const depth = this.frames.length;
      this.frames.push({ left: depth * 2, right: canvas.width - 1 - depth * 2 });
    }
    const frame = this.frames[this.frames.length - 1];
    if (!frame) return;
    const y = this.row();
    const line = kind === 'branch' ? g.dotted : g.line;
    for (let x = frame.left + 1; x < frame.right; x++) {
      canvas.put(x, y, this.crossings.has(x) ? g.cross : line);
    }
    const corners = {
      open: [g.topLeft, g.topRight],
      branch: [g.teeRight, g.teeLeft],
      end: [g.bottomLeft, g.bottomRight],
    }[kind];
    canvas.put(frame.left, y, corners[0] as string);
    canvas.put(frame.right, y, corners[1] as string);
    if (label) {
      const room = frame.right - frame.left - 5;
      const [clipped = ''] = labelLines(label, Math.max(1, room));
      canvas.text(frame.left + 2, y, ` ${clipped} `);
    }
    if (kind === 'end') this.frames.pop();
  }
}

/** A sequence diagram's text drawing (`txt`: Unicode box drawing; `ascii`: plain ASCII). */
export function renderSequenceText(source: string, format: TextFormat): string {
  const statements = readSequence(source);
  const people = readParticipants(statements, source);
  if (people.length === 0) {
    throw new TextDiagramError('invalid', 'The diagram has no participants to draw.');
  }
  const indexOf = new Map(people.map((person, index) => [person.name, index]));
  const { title, steps, depth } = sequenceSteps(statements, source, indexOf);
  const boxes = separateBoxes(readBoxes(statements, source, indexOf));
  const needs = [...spacingNeeds(steps, people.length), ...boxSpacing(boxes, people)];
  const frames = placeWithBoxes(people, needs, boxes);
  const { min, max, label } = extent(steps, people, frames);
  const margin = depth > 0 ? depth * 2 + 2 : 0;
  const shift = margin - min;
  for (const person of people) person.center += shift;
  for (const frame of frames) {
    frame.left += shift;
    frame.right += shift;
  }
  const width = Math.max(max + shift + 1 + margin, label + depth * 4);
  const drawing = new SequenceDrawing(width, people, glyphsFor(format), frames);
  if (title) {
    for (const line of labelLines(title, Math.max(20, width)))
      drawing.canvas.text(0, drawing.canvas.height, line);
    drawing.canvas.grow(drawing.canvas.height + 1);
  }
  drawing.boxEdges('top');
  drawing.participants('header');
  for (const step of steps) {
    if (step.kind === 'message') drawing.message(step);
    else if (step.kind === 'note') drawing.note(step);
    else if (step.kind === 'activate') drawing.activate(step.who, 1);
    else if (step.kind === 'deactivate') drawing.activate(step.who, -1);
    else if (step.kind === 'create') drawing.create(step.who);
    else if (step.kind === 'destroy') drawing.destroy(step.who);
    else if (step.kind === 'end') drawing.frameLine('end', '');
    else drawing.frameLine(step.kind, step.label);
  }
  drawing.row();
  drawing.participants('footer');
  drawing.boxEdges('bottom');
  return drawing.canvas.toString();
}
