/** The in-page probe installed by probe.js. */
interface TypingProbe {
  armed: boolean;
  latencies: number[];
  /** Per key, the frames that ran after it arrived without showing it (0: the first frame). */
  framesMissed: number[];
  /** Every armed keydown's event.timeStamp. */
  keydowns: number[];
  lastKeyAt: number | null;
  previewShownAt: number | null;
  arm(expectedLength: number): void;
  startGaps(): void;
  stopGaps(): number;
}

interface Window {
  __typingProbe: TypingProbe;
}
