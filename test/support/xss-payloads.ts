/**
 * Known ways diagram text has run script through mermaid, shared by the server-rendering suite
 * and the browser suite. `run(n)` is the JavaScript a payload tries to execute (each suite
 * supplies a probe that leaves evidence: a request to a canary server, a global, a dialog).
 * Mermaid in use: see node_modules/mermaid/package.json (11.17.2 when this list was written).
 */
export interface XssPayload {
  name: string;
  content: string;
}

export function xssPayloads(run: (n: number) => string): XssPayload[] {
  // Payloads sit inside double-quoted attributes and mermaid strings: keep the probe quote-free.
  const js = (n: number) => run(n).replaceAll('"', '&quot;');
  return [
    {
      name: 'flowchart click callback and call',
      content: [
        'flowchart TD',
        '    A[Start] --> B[End]',
        `    click A callback "${js(1)}"`,
        `    click B call eval("${js(2)}")`,
      ].join('\n'),
    },
    {
      name: 'flowchart click href javascript:',
      content: [
        'flowchart TD',
        '    A[Start] --> B[End]',
        `    click A href "javascript:${js(3)}"`,
        `    click B "javascript:${js(4)}" "tip"`,
      ].join('\n'),
    },
    {
      name: 'HTML in flowchart labels',
      content: [
        'flowchart LR',
        `    A["<img src=x onerror='${js(5)}'>"] --> B["<script>${js(6)}</script>"]`,
        `    B --> C["<a href='javascript:${js(7)}'>go</a>"]`,
        `    C --> D["<svg onload='${js(8)}'></svg><iframe srcdoc='<script>${js(9)}</script>'></iframe>"]`,
      ].join('\n'),
    },
    {
      name: 'init directive asking for securityLevel loose',
      content: [
        '%%{init: {"securityLevel": "loose", "startOnLoad": true}}%%',
        'flowchart LR',
        '    A[Start] --> B[End]',
        `    click A call eval("${js(10)}")`,
        `    click B href "javascript:${js(11)}"`,
        `    B --> C["<img src=x onerror='${js(12)}'>"]`,
      ].join('\n'),
    },
    {
      name: 'init directive smuggling markup through themeCSS and fontFamily',
      content: [
        `%%{init: {"themeCSS": "</style><img src=x onerror='${js(13)}'>", "fontFamily": "\\"></style><img src=x onerror='${js(14)}'>"}}%%`,
        'sequenceDiagram',
        '    A->>B: hi',
      ].join('\n'),
    },
    {
      name: 'sequence diagram links with javascript: URLs and HTML messages',
      content: [
        'sequenceDiagram',
        '    participant A',
        '    participant B',
        `    link A: Evil @ javascript:${js(15)}`,
        `    links B: {"Bad": "javascript:${js(16)}"}`,
        `    A->>B: <img src=x onerror="${js(17)}">`,
      ].join('\n'),
    },
    {
      // CVE-2025-54881 (GHSA-7rqq-prvp-x9jh): a label with KaTeX delimiters went whole into
      // innerHTML while mermaid measured it (calculateMathMLDimensions), before sanitising.
      name: 'CVE-2025-54881: HTML beside KaTeX in sequence labels',
      content: [
        'sequenceDiagram',
        `    participant A as Alice<img src="x" onerror="${js(18)}">$$\\text{Alice}$$`,
        '    participant B as Bob',
        `    A->>B: $$\\sqrt{2}$$<img src=x onerror="${js(19)}">`,
        `    Note over A,B: $$x^2$$<svg onload="${js(20)}"></svg>`,
      ].join('\n'),
    },
    {
      name: 'KaTeX \\href and \\htmlId in a sequence label',
      content: [
        'sequenceDiagram',
        `    A->>B: $$\\href{javascript:${js(21)}}{x}$$`,
        `    B->>A: $$\\htmlId{x}{y}\\href{javascript:${js(22)}}{y}$$`,
      ].join('\n'),
    },
    {
      name: 'sequence diagram style statements with hostile values',
      content: [
        'sequenceDiagram',
        `    classDef evil fill:url(javascript:${js(23)}),stroke:expression(${js(24)})`,
        '    participant A',
        '    participant B',
        `    style A color:red;}</style><script>${js(25)}</script>`,
        `    style B fill:#fff,stroke:#000</style><img src=x onerror=${js(26)}>`,
        '    class A,B,Nobody evil',
        '    A->>B: hi',
        `    linkStyle 0,7 stroke:red,color:<svg onload=${js(27)}>`,
        `    linkStyle default font-weight:bold,@import javascript:${js(28)}`,
      ].join('\n'),
    },
  ];
}
