/** The render counter installed by react-renders.js. */
interface ReactRenders {
  /** Starts counting (again from zero). */
  start(): void;
  /** Stops; the commits and, by "part: Component", how often each component rendered. */
  stop(): { commits: number; renders: Record<string, number> };
}

interface Window {
  __reactRenders: ReactRenders;
}
