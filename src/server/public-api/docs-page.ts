/**
 * /api/docs: a self-contained HTML page written from the OpenAPI document (endpoints, parameters
 * with defaults and limits, answers, a curl example). No script, nothing loaded from elsewhere.
 */
import type { OpenApiDocument } from './openapi.js';

export const DOCS_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  default?: unknown;
  description?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
}

type Operation = NonNullable<OpenApiDocument['paths']>[string][string];

const escape = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function typeOf(schema: JsonSchema): string {
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (schema.anyOf) return schema.anyOf.map(typeOf).join(' | ');
  return Array.isArray(schema.type) ? schema.type.join(' | ') : (schema.type ?? 'any');
}

function limitsOf(schema: JsonSchema): string {
  const parts: string[] = [];
  for (const part of schema.anyOf ?? [schema]) {
    if (part.minimum !== undefined) parts.push(`≥ ${part.minimum}`);
    if (part.exclusiveMinimum !== undefined) parts.push(`> ${part.exclusiveMinimum}`);
    if (part.maximum !== undefined && part.maximum < 2 ** 31 - 1) parts.push(`≤ ${part.maximum}`);
    if (part.minLength !== undefined) parts.push(`at least ${part.minLength} characters`);
    if (part.maxLength !== undefined) parts.push(`at most ${part.maxLength} characters`);
  }
  return parts.join(', ');
}

const EXAMPLE_CONTENT = 'sequenceDiagram\n    Alice->>Bob: Hello Bob\n    Bob-->>Alice: Hi Alice';

function curlExample(origin: string, path: string, body: JsonSchema | undefined): string {
  const example: Record<string, unknown> = {};
  for (const name of Object.keys(body?.properties ?? {})) {
    if (name === 'content') example.content = EXAMPLE_CONTENT;
    if (name === 'title') example.title = 'From the API';
    if (name === 'format') example.format = 'png';
  }
  const output = path.endsWith('/convert') ? ' \\\n  -o diagram.png' : '';
  return [
    `curl -X POST '${origin}${path}' \\`,
    `  -H 'Authorization: Bearer ll_YOUR_TOKEN' \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d '${JSON.stringify(example)}'${output}`,
  ].join('\n');
}

function parameterRows(body: JsonSchema | undefined): string {
  const required = new Set(body?.required ?? []);
  return Object.entries(body?.properties ?? {})
    .map(([name, schema]) => {
      const fallback = schema.default === undefined ? '' : JSON.stringify(schema.default);
      return `<tr><td><code>${escape(name)}</code></td><td>${escape(typeOf(schema))}</td><td>${required.has(name) ? 'yes' : 'no'}</td><td>${escape(fallback)}</td><td>${escape([schema.description ?? '', limitsOf(schema)].filter(Boolean).join(' '))}</td></tr>`;
    })
    .join('\n');
}

function operationSection(origin: string, path: string, method: string, op: Operation): string {
  const body = op.requestBody?.content?.['application/json']?.schema as JsonSchema | undefined;
  const responses = Object.entries(op.responses ?? {})
    .map(
      ([status, answer]) =>
        `<li><strong>${escape(status)}</strong> ${escape(answer.description ?? '')}${answer.content ? ` <small>(${escape(Object.keys(answer.content).join(', '))})</small>` : ''}</li>`,
    )
    .join('\n');
  return `<section id="${escape(method + path)}">
<h2><span class="method">${escape(method.toUpperCase())}</span> <code>${escape(path)}</code></h2>
<p><strong>${escape(op.summary ?? '')}</strong></p>
<p>${escape(op.description ?? '')}</p>
<h3>JSON body</h3>
<table><thead><tr><th>Field</th><th>Type</th><th>Required</th><th>Default</th><th>Notes</th></tr></thead>
<tbody>${parameterRows(body)}</tbody></table>
<h3>Answers</h3><ul>${responses}</ul>
<h3>Example</h3><pre><code>${escape(curlExample(origin, path, body))}</code></pre>
</section>`;
}

export function docsPage(document: OpenApiDocument): string {
  const origin = document.servers?.[0]?.url ?? '';
  const paths = document.paths ?? {};
  const sections = Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => operationSection(origin, path, method, op)),
  );
  const title = escape(document.info.title);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; color: #1f2328; }
code, pre { font-family: ui-monospace, monospace; font-size: 0.9em; }
pre { background: #f6f8fa; padding: 1rem; overflow-x: auto; border-radius: 6px; }
table { border-collapse: collapse; width: 100%; }
th, td { border: 1px solid #d0d7de; padding: 0.4rem 0.6rem; text-align: left; vertical-align: top; }
.method { background: #0969da; color: #fff; padding: 0 0.4rem; border-radius: 4px; }
section { margin-top: 2.5rem; }
@media (prefers-color-scheme: dark) {
  body { background: #0d1117; color: #e6edf3; } pre { background: #161b22; }
  th, td { border-color: #30363d; }
}
</style></head><body>
<h1>${title}</h1>
<p>${escape(document.info.description ?? '')}</p>
<p>Machine-readable: <a href="/api/v1/openapi.json">OpenAPI 3.1 document</a>.</p>
${sections.join('\n')}
</body></html>`;
}
