import { API_DEFAULTS } from '@shared/constants';
import { formatsOn, listOf } from '@shared/output-formats';
import { API_TOKEN_COPY, API_TOKEN_TESTIDS } from './copy';

/** A copy-pasteable request that turns diagram text into a PNG with this server and token. */
export function curlExample(origin: string, token: string): string {
  return [
    `curl -X POST '${origin}/api/v1/convert' \\`,
    `  -H 'Authorization: Bearer ${token}' \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d '{"content": "sequenceDiagram\\n  Alice->>Bob: Hello", "format": "png"}' \\`,
    `  -o diagram.png`,
  ].join('\n');
}

const ENDPOINTS = [
  {
    route: 'POST /api/v1/diagrams',
    purpose: 'Create a diagram in your account; answers the diagram and a link to open it.',
    params: [
      ['content', 'required', 'Mermaid diagram text'],
      ['title', `default '${API_DEFAULTS.title}'`, 'Title, up to 200 characters'],
      ['folderId', 'default null (root)', 'One of your folders'],
    ],
  },
  {
    route: 'POST /api/v1/convert',
    purpose: 'Turn diagram text into an image, a PDF or a drawing in text; answers it itself.',
    params: [
      ['content', 'required', 'Mermaid diagram text (at most 50,000 characters)'],
      [
        'format',
        `${listOf(formatsOn('convert'))}, default '${API_DEFAULTS.format}'`,
        'Output format',
      ],
      ['width', `1–4096, default ${API_DEFAULTS.width}`, 'Image width in pixels'],
      ['height', `1–4096, default ${API_DEFAULTS.height}`, 'Image height in pixels'],
      ['theme', "'neutral', 'dark', 'default' or 'forest'", 'Diagram theme'],
      ['background', "'white' or 'transparent'", 'Background'],
    ],
  },
] as const;

export function ApiDocs({ origin, token }: { origin: string; token: string }) {
  return (
    <section className="grid gap-3 text-sm">
      <h3 className="font-semibold">{API_TOKEN_COPY.docsTitle}</h3>
      <p className="text-muted-foreground">
        Send the token as <code className="font-mono">Authorization: Bearer &lt;token&gt;</code>{' '}
        with a JSON body. Full reference:{' '}
        <a className="text-primary underline" href="/api/docs">
          /api/docs
        </a>
        .
      </p>
      <p className="text-muted-foreground">{API_TOKEN_COPY.readOnlyNote}</p>
      {ENDPOINTS.map((endpoint) => (
        <div key={endpoint.route} className="rounded-md border border-border p-3">
          <p className="font-mono text-xs font-semibold">{endpoint.route}</p>
          <p className="mt-1 text-xs text-muted-foreground">{endpoint.purpose}</p>
          <table className="mt-2 w-full text-left text-xs">
            <tbody>
              {endpoint.params.map(([name, rule, meaning]) => (
                <tr key={name} className="border-t border-border">
                  <td className="py-1 pr-2 font-mono">{name}</td>
                  <td className="py-1 pr-2 text-muted-foreground">{rule}</td>
                  <td className="py-1">{meaning}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
      <pre
        className="whitespace-pre-wrap wrap-anywhere rounded-md bg-muted p-3 font-mono text-xs"
        data-testid={API_TOKEN_TESTIDS.curl}
      >
        {curlExample(origin, token)}
      </pre>
    </section>
  );
}
