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

export const REGRESSIONS: CorpusDiagram[] = Object.entries(TRAILING_BREAK).map(([name, text]) => ({
  name: `regression-trailing-break-${name}`,
  text,
}));
