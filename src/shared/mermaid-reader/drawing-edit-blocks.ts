/**
 * Gestures on blocks (loop, alt, opt, par, critical, break, rect): add a branch, unwrap the block
 * (its lines stay, its keyword lines go), delete it with everything in it.
 */
import { BLOCK_TITLES } from './drawing-edit-messages.js';
import type { DiagramText } from './drawing-edit-text.js';
import { refuse, type Block, type DrawingEditResult } from './drawing-edit-text.js';
import { BLOCK_BRANCHES } from './sequence.js';

export const NOT_A_BLOCK =
  'That block is no longer on this line of the text (it changed since the drawing). Try again.';

/** The block opened (or branched) on 1-based `line`, whole. */
function blockOn(text: DiagramText, line: number): Block | string {
  const statement = text.statements[line - 1];
  if (!statement || (statement.kind !== 'open' && statement.kind !== 'branch')) return NOT_A_BLOCK;
  const block = text.blockAt(line - 1);
  if (!block) return NOT_A_BLOCK;
  if (block.end === null) {
    const keyword = text.statements[block.open]!.keyword;
    return `This ${keyword} has no "end" line yet; add it before changing the block.`;
  }
  return block;
}

/** A new branch (else, and, option) at the end of the block. */
export function addBranch(text: DiagramText, line: number): DrawingEditResult {
  const block = blockOn(text, line);
  if (typeof block === 'string') return refuse(block);
  const keyword = text.statements[block.open]!.keyword;
  const branch = BLOCK_BRANCHES[keyword];
  if (!branch) {
    return refuse(
      `A ${keyword} has no branches; only alt (else), par (and) and critical (option) do.`,
    );
  }
  const lines = [...text.lines];
  const title = BLOCK_TITLES[branch as 'else' | 'and' | 'option'];
  lines.splice(block.end!, 0, `${text.indentOf(block.open)}${branch} ${title}${text.cr}`);
  return text.editTo(lines);
}

/** Takes the block's open, branch and end lines out; what was inside stays as it is. */
export function unwrapBlock(text: DiagramText, line: number): DrawingEditResult {
  const block = blockOn(text, line);
  if (typeof block === 'string') return refuse(block);
  const gone = new Set([block.open, ...block.branches, block.end!]);
  return text.editTo(text.lines.filter((_, index) => !gone.has(index)));
}

/** Deletes the block and every line in it. */
export function deleteBlock(text: DiagramText, line: number): DrawingEditResult {
  const block = blockOn(text, line);
  if (typeof block === 'string') return refuse(block);
  const lines = [...text.lines];
  lines.splice(block.open, block.end! - block.open + 1);
  const inside = (index: number) => index >= block.open && index <= block.end!;
  return text.editTo(lines, text.renumberWithout(inside));
}
