/** The text that draws the illustration beside it, coloured like the editor colours it. */
const LINES: ReadonlyArray<ReadonlyArray<readonly [string, string?]>> = [
  [['sequenceDiagram', 'text-primary font-semibold']],
  [['  participant ', 'text-fuchsia-600 dark:text-fuchsia-400'], ['User']],
  [['  participant ', 'text-fuchsia-600 dark:text-fuchsia-400'], ['App']],
  [['  participant ', 'text-fuchsia-600 dark:text-fuchsia-400'], ['API']],
  [
    ['  User'],
    ['->>', 'text-sky-600 dark:text-sky-400'],
    ['App: '],
    ['Sign in', 'text-emerald-700 dark:text-emerald-400'],
  ],
  [
    ['  App'],
    ['->>+', 'text-sky-600 dark:text-sky-400'],
    ['API: '],
    ['POST /session', 'text-emerald-700 dark:text-emerald-400'],
  ],
  [
    ['  API'],
    ['-->>-', 'text-sky-600 dark:text-sky-400'],
    ['App: '],
    ['200 OK · token', 'text-emerald-700 dark:text-emerald-400'],
  ],
  [
    ['  App'],
    ['-->>', 'text-sky-600 dark:text-sky-400'],
    ['User: '],
    ['Welcome back!', 'text-emerald-700 dark:text-emerald-400'],
  ],
];

export function CodeSample() {
  return (
    <pre className="overflow-hidden font-mono text-[12.5px] leading-6 text-foreground" aria-hidden>
      {LINES.map((parts, line) => (
        <div key={line} className="flex">
          <span className="w-7 shrink-0 select-none pr-3 text-right text-muted-foreground/60">
            {line + 1}
          </span>
          <code className="whitespace-pre">
            {parts.map(([text, className], index) => (
              <span key={index} className={className}>
                {text}
              </span>
            ))}
          </code>
        </div>
      ))}
    </pre>
  );
}
