/**
 * /api/docs: a self-contained HTML page written from the OpenAPI document (endpoints, parameters
 * with defaults and limits, answers, a curl example). No script, nothing loaded from elsewhere.
 */
import { deflateSync } from 'node:zlib';
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
    if (part.minLength === 1) parts.push('not empty');
    else if (part.minLength !== undefined) parts.push(`at least ${count(part.minLength)}`);
    if (part.maxLength !== undefined) parts.push(`at most ${count(part.maxLength)}`);
  }
  return parts.join(', ');
}

const count = (n: number) => `${n.toLocaleString('en')} character${n === 1 ? '' : 's'}`;

// A `code` span: bounded, no nested quantifiers, so linear over any description.
const CODE_SPAN = /`([^`\n]{1,300})`/g;

/** Description text as HTML: escaped, with Markdown's `code` spans shown as code. */
export const prose = (text: string): string =>
  escape(text).replace(CODE_SPAN, (_match, code: string) => `<code>${code}</code>`);

const EXAMPLE_CONTENT = 'sequenceDiagram\n    Alice->>Bob: Hello Bob\n    Bob-->>Alice: Hi Alice';

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
}

/** A GET of the open render endpoints: the example diagram encoded as each protocol wants. */
function getExample(origin: string, path: string): string {
  const kroki = deflateSync(EXAMPLE_CONTENT, { level: 9 }).toString('base64url');
  const ink = Buffer.from(EXAMPLE_CONTENT, 'utf8').toString('base64url');
  // OpenAPI writes path parameters as {name}.
  const url = path
    .replace('{type}', 'mermaid')
    .replace('{format}', 'svg')
    .replace('{encoded}', kroki)
    .replace('{code}', ink);
  const extension = path.includes('/img/') ? 'jpg' : path.includes('/pdf/') ? 'pdf' : 'svg';
  return `curl '${origin}${url}' -o diagram.${extension}`;
}

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
      return `<tr><td><code>${escape(name)}</code></td><td>${escape(typeOf(schema))}</td><td>${required.has(name) ? 'yes' : 'no'}</td><td>${escape(fallback)}</td><td>${prose([schema.description ?? '', limitsOf(schema)].filter(Boolean).join(' '))}</td></tr>`;
    })
    .join('\n');
}

function parameterTable(parameters: Parameter[]): string {
  const rows = parameters
    .map(
      (p) =>
        `<tr><td><code>${escape(p.name)}</code></td><td>${escape(p.in)}</td><td>${p.required ? 'yes' : 'no'}</td><td>${prose(p.description ?? p.schema?.description ?? '')}</td></tr>`,
    )
    .join('\n');
  return `<h3>Parameters</h3>
<table><thead><tr><th>Name</th><th>In</th><th>Required</th><th>Notes</th></tr></thead>
<tbody>${rows}</tbody></table>`;
}

function operationSection(origin: string, path: string, method: string, op: Operation): string {
  const body = op.requestBody?.content?.['application/json']?.schema as JsonSchema | undefined;
  const parameters = ((op as { parameters?: Parameter[] }).parameters ?? []).filter(
    (p) => p.in === 'path' || p.in === 'query',
  );
  const responses = Object.entries(op.responses ?? {})
    .map(
      ([status, answer]) =>
        `<li><strong>${escape(status)}</strong> ${prose(answer.description ?? '')}${answer.content ? ` <small>(${escape(Object.keys(answer.content).join(', '))})</small>` : ''}</li>`,
    )
    .join('\n');
  const bodyTable = body
    ? `<h3>JSON body</h3>
<table><thead><tr><th>Field</th><th>Type</th><th>Required</th><th>Default</th><th>Notes</th></tr></thead>
<tbody>${parameterRows(body)}</tbody></table>`
    : '';
  const example =
    method === 'get' ? getExample(origin, path) : body ? curlExample(origin, path, body) : '';
  return `<section id="${escape(method + path)}">
<h2><span class="method">${escape(method.toUpperCase())}</span> <code>${escape(path)}</code></h2>
<p><strong>${escape(op.summary ?? '')}</strong></p>
<p>${prose(op.description ?? '')}</p>
${parameters.length > 0 ? parameterTable(parameters) : ''}
${bodyTable}
<h3>Answers</h3><ul>${responses}</ul>
${example ? `<h3>Example</h3><pre><code>${escape(example)}</code></pre>` : ''}
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
<p>${prose(document.info.description ?? '')}</p>
<p>Machine-readable: <a href="/api/v1/openapi.json">OpenAPI 3.1 document</a>.</p>
${sections.join('\n')}
</body></html>`;
}
