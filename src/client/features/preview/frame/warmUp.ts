/**
 * Warming the frame for a long sequence diagram. A frame's first long diagram is drawn on code the
 * JavaScript engine has not yet optimised: `large.mmd` (600 messages) took the frame 0.9–1.0 s
 * the first time, alone on the machine, against 0.35–0.7 s for later texts with as many new
 * labels. So once a frame is idle it draws three generated diagrams of 50 messages (100–200 ms
 * each), never shown: pasted into an editor that had been open for a few seconds, `large.mmd`
 * was then drawn in 0.93–1.05 s instead of 1.2–1.6 s. A text to draw overtakes the rounds not yet
 * begun (LatestOnlyQueue.offer) and waits only for the one under way; a frame that has drawn a
 * long text skips them. Opened straight after the editor, the first drawing was as fast as
 * without the warm-up (1.2–1.8 s either way on a loaded machine).
 */

/** Rounds of warm-up drawing, and the messages in each round. */
export const WARM_UP_ROUNDS = 3;
export const WARM_UP_MESSAGES = 50;
const PARTICIPANTS = 8;

/**
 * Round `round`'s diagram: messages of every arrow, notes and autonumbering, with labels new to
 * the frame (labels measured once are remembered, and measuring is part of what is warmed).
 */
export function warmUpText(round: number): string {
  const arrows = ['->>', '-->>', '-)', '->', '-x'];
  const lines = ['sequenceDiagram', '    autonumber'];
  for (let p = 0; p < PARTICIPANTS; p += 1) lines.push(`    participant W${p} as Part ${p}`);
  for (let i = 0; i < WARM_UP_MESSAGES; i += 1) {
    const from = i % PARTICIPANTS;
    const to = (i * 3 + 1) % PARTICIPANTS;
    const label = `step ${round}.${i} value=${(i * 7919 + round * 104_729) % 1_000_000}`;
    if (i % 7 === 3) lines.push(`    Note right of W${from}: ${label}`);
    else
      lines.push(
        `    W${from}${arrows[i % arrows.length]}W${to === from ? (to + 1) % PARTICIPANTS : to}: ${label}`,
      );
  }
  return lines.join('\n');
}
