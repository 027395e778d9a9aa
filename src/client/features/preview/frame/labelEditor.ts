/**
 * The inline label editor (spec §2): a textarea over the double-clicked label. Enter saves,
 * Shift+Enter inserts a newline, Escape cancels, blur saves. Saving tells the parent, which
 * rewrites the source; the new drawing then replaces the old one.
 */
import type { LabelEdit } from '../protocol';
import { boundsOf } from './bounds';
import { labelTarget, type LabelTarget } from './labelTarget';

const MIN_WIDTH_PX = 96;

/**
 * What saving and cancelling do for a label the drawing just made (a message dragged in):
 * saving names it, Escape takes the new message back out.
 */
export interface OwnLabel {
  save(text: string): void;
  cancel(): void;
}

function fontSizeOf(element: Element): number {
  return parseFloat(getComputedStyle(element).fontSize) || 16;
}

export function installLabelEditor(
  stage: HTMLElement,
  currentSvg: () => SVGSVGElement | null,
  zoom: () => number,
  save: (edit: Omit<LabelEdit, 'type'>) => void,
): { close(): void; editAt(hit: Element, own?: OwnLabel): boolean } {
  let open: {
    input: HTMLTextAreaElement;
    target: LabelTarget;
    done: boolean;
    own: OwnLabel | null;
  } | null = null;

  function close(commit: boolean) {
    if (!open || open.done) return;
    const { input, target, own } = open;
    open.done = true;
    open = null;
    for (const element of target.elements) element.classList.remove('label-editing');
    const replacement = input.value.replace(/\r\n/g, '\n');
    input.remove();
    if (own) {
      if (!commit) own.cancel();
      else if (replacement.trim() !== '') own.save(replacement);
      return;
    }
    if (commit && replacement.trim() !== '' && replacement !== target.text) {
      const { kind, text, occurrence, elementId } = target;
      save({ kind, text, occurrence, elementId, replacement });
    }
  }

  function fit(input: HTMLTextAreaElement) {
    input.style.height = 'auto';
    input.style.height = `${input.scrollHeight + 2}px`;
  }

  /** Opens the editor over the label `hit` belongs to; false when it has none. */
  function editAt(hit: Element, own?: OwnLabel): boolean {
    const svg = currentSvg();
    if (!svg || !svg.contains(hit)) return false;
    const target = labelTarget(svg, hit);
    if (!target) return false;
    close(true);
    window.getSelection()?.removeAllRanges();
    const bounds = boundsOf(target.elements);
    const fontSize = fontSizeOf(target.elements[0] ?? svg) * zoom();
    const input = document.createElement('textarea');
    input.className = 'label-editor';
    input.value = target.text;
    input.rows = 1;
    input.spellcheck = false;
    input.setAttribute('aria-label', 'Edit label');
    const width = Math.max(MIN_WIDTH_PX, bounds.width + fontSize * 2);
    Object.assign(input.style, {
      left: `${bounds.left + bounds.width / 2 - width / 2}px`,
      top: `${bounds.top - 6}px`,
      width: `${width}px`,
      fontSize: `${fontSize}px`,
    });
    // Enter and Escape give the keyboard back to what had it (the walk's message, say).
    const before = document.activeElement;
    const giveBack = () => {
      if (before instanceof HTMLElement && before.isConnected && before !== document.body) {
        before.focus({ preventScroll: true });
      }
    };
    input.addEventListener('keydown', (key) => {
      key.stopPropagation();
      if (key.key === 'Enter' && !key.shiftKey && !key.isComposing) {
        key.preventDefault();
        close(true);
        giveBack();
      } else if (key.key === 'Escape') {
        key.preventDefault();
        close(false);
        giveBack();
      }
    });
    input.addEventListener('input', () => fit(input));
    input.addEventListener('blur', () => close(true));
    document.body.append(input);
    for (const element of target.elements) element.classList.add('label-editing');
    open = { input, target, done: false, own: own ?? null };
    fit(input);
    input.focus();
    input.select();
    return true;
  }

  stage.addEventListener('dblclick', (event) => {
    if (event.target instanceof Element && editAt(event.target)) event.preventDefault();
  });

  return { close: () => close(true), editAt };
}
