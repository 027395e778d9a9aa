/**
 * Present mode in the frame: the drawing on screen shows steps 0…k of its messages (later ones
 * hidden, the current one marked), and the view glides by the smallest move that brings the
 * current message into view. Nothing is drawn again: each step toggles the visibility of
 * elements mermaid already drew.
 */
import { drawnSteps, revealStep, type DrawnStep } from '@shared/present/drawn-steps';
import { glideIntoView } from './sourceLink';
import type { Viewport } from './viewport';

/** Room kept between the current message and the frame's sides. */
const MARGIN_PX = 24;

export interface PresentLink {
  /** A new drawing of `text` is on screen. */
  drawn(text: string): void;
  /** Shows up to step `step` (0-based); null leaves present mode. */
  show(step: number | null): void;
}

export function installPresent(
  stage: HTMLElement,
  currentSvg: () => SVGSVGElement | null,
  view: Viewport,
): PresentLink {
  let text = '';
  let steps: DrawnStep[] | null = null;
  let step: number | null = null;

  const stepsNow = () => {
    const svg = currentSvg();
    if (!svg) return [];
    steps ??= drawnSteps(svg, text);
    return steps;
  };

  const apply = (follow: boolean) => {
    const all = stepsNow();
    if (step === null) {
      if (all.length > 0) revealStep(all, null);
      delete stage.dataset.presentStep;
      return;
    }
    const shown = Math.min(step, all.length - 1);
    revealStep(all, shown);
    stage.dataset.presentStep = String(shown);
    const current = all[shown]?.message ?? [];
    if (!follow || current.length === 0) return;
    glideIntoView(stage, view, current, { top: MARGIN_PX, bottom: MARGIN_PX, side: MARGIN_PX });
  };

  return {
    drawn(next) {
      text = next;
      steps = null;
      if (step !== null) apply(true);
    },
    show(next) {
      if (next === step) return;
      step = next;
      // Placed for the screen before the first step is followed.
      view.present(next !== null);
      apply(true);
    },
  };
}
