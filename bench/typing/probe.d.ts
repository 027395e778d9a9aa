/** The in-page probe installed by probe.js. */
interface TypingProbe {
  armed: boolean;
  latencies: number[];
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
