/**
 * Diagrams the patched mermaid once drew differently from stock mermaid, kept for good: each is
 * drawn by both in every run of the sameness test (`npm test`), and stock must draw each one.
 * Add every case the differential fuzzer (fuzz.ts) ever finds here, shrunk, with why it failed.
 */
import type { CorpusDiagram } from './random';

const lines = (...body: string[]) => `${body.join('\n')}\n`;

/**
 * A label ending in a line break: the label pre-measure set mermaid's global line-break regex's
 * lastIndex (and filled its measure caches) ahead of the drawing, so wrapLabel took another path
 * than stock's and measured a line break alone, which Chromium draws as nothing: "svg element not
 * in render tree". Mermaid's rendering specs "should handle empty lines" and the `link` popups.
 */
const TRAILING_BREAK: Record<string, string> = {
  'message-br-slash': lines('sequenceDiagram', '    Alice->>John: Hello John<br/>'),
  'message-br': lines('sequenceDiagram', '    Alice->>John: Hello John<br>'),
  'message-br-space-slash': lines('sequenceDiagram', '    Alice->>John: Hello John<br />'),
  'message-br-upper': lines('sequenceDiagram', '    Alice->>John: Hello John<BR>'),
  'message-br-mixed-case': lines('sequenceDiagram', '    Alice->>John: Hello John<Br/>'),
  'alias-br': lines('sequenceDiagram', '    participant Alice as Web<br>', '    Alice->>John: hi'),
  'alias-br-slash': lines('sequenceDiagram', '    actor Alice as Web<br/>', '    Alice->>John: hi'),
  'spec-empty-lines': lines(
    'sequenceDiagram',
    '    Alice->>John: Hello John<br/>',
    '    John-->>Alice: Great<br/><br/>day!',
  ),
  'spec-links': lines(
    'sequenceDiagram',
    '    link Alice: Dashboard @ https://dashboard.contoso.com/alice',
    '    link Alice: Wiki @ https://wiki.contoso.com/alice',
    '    link John: Dashboard @ https://dashboard.contoso.com/john',
    '    link John: Wiki @ https://wiki.contoso.com/john',
    '    Alice->>John: Hello John<br/>',
    '    John-->>Alice: Great<br/><br/>day!',
  ),
  'note-br': lines('sequenceDiagram', '    Alice->>John: hi', '    Note over Alice: a note<br/>'),
  'break-only': lines('sequenceDiagram', '    Alice->>John: <br/>'),
  'nowrap-br': lines('sequenceDiagram', '    Alice->>John:nowrap: Hello John<br/>'),
};

/**
 * A glyph that reaches outside its font's box: the patch took every line of printable ASCII to
 * be as tall as its font, but a line's box holds the ink of `_` and `|` (sans-serif, monospace)
 * and of brackets and `@` (serif), so a wrapped label with an underscore was placed 2 px off.
 * Found in mermaid's rendering spec "should render mixed central connections with autonumber".
 */
const TALL_GLYPHS: Record<string, string> = {
  'spec-central-connection': lines('sequenceDiagram', 'Alice()/|-()Bob:CENTRAL_CONNECTION_DUAL'),
  underscore: lines('sequenceDiagram', '    Alice->>Bob: a_b'),
  'monospace-bar': lines(
    '%%{init: {"fontFamily": "monospace"}}%%',
    'sequenceDiagram',
    '    Alice->>Bob: a|b',
    '    Note over Alice: x_y',
  ),
  'serif-brackets': lines(
    '%%{init: {"fontFamily": "serif"}}%%',
    'sequenceDiagram',
    '    Alice->>Bob: call(me) @home',
    '    Note over Alice: [x]',
  ),
};

const named = (group: string, cases: Record<string, string>): CorpusDiagram[] =>
  Object.entries(cases).map(([name, text]) => ({ name: `regression-${group}-${name}`, text }));

export const REGRESSIONS: CorpusDiagram[] = [
  ...named('trailing-break', TRAILING_BREAK),
  ...named('tall-glyphs', TALL_GLYPHS),
];
