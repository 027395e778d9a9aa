/**
 * /api/docs: an HTML page written from the OpenAPI document (endpoints, parameters with defaults
 * and limits, answers, a curl example), in the product's look (brand-style.ts) and both themes.
 * Its only script is the app's own theme script; nothing is loaded from elsewhere.
 */
import { deflateSync } from 'node:zlib';
import { outputFormat } from '../../shared/output-formats.js';
import { brandHead, LOGO_SVG } from '../web/brand-style.js';
import type { OpenApiDocument } from './openapi.js';

export const DOCS_CSP =
  "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; img-src 'self' data:";

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

/** The schema's limits as a sentence, leaving out what its description already says. */
export function limitsOf(schema: JsonSchema, description = ''): string {
  const parts: string[] = [];
  for (const part of schema.anyOf ?? [schema]) {
    if (part.minimum !== undefined) parts.push(`at least ${part.minimum}`);
    if (part.exclusiveMinimum === 0 && part.type === 'integer')
      parts.push('a positive whole number');
    else if (part.exclusiveMinimum !== undefined)
      parts.push(`greater than ${part.exclusiveMinimum}`);
    if (part.maximum !== undefined && part.maximum < 2 ** 31 - 1)
      parts.push(`at most ${part.maximum}`);
    if (part.minLength === 1) parts.push('not empty');
    else if (part.minLength !== undefined) parts.push(`at least ${count(part.minLength)}`);
    if (part.maxLength !== undefined) parts.push(`at most ${count(part.maxLength)}`);
  }
  const said = description.toLowerCase();
  const fresh = parts.filter((text) => !said.includes(text));
  if (fresh.length === 0) return '';
  const sentence = fresh.join(', ');
  return `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`;
}

/** A description and its limits as sentences: 'Title of the diagram. Not empty, at most …'. */
function notes(schema: JsonSchema): string {
  const description = (schema.description ?? '').trim();
  const sentence = description && !/[.!?)]$/.test(description) ? `${description}.` : description;
  return [sentence, limitsOf(schema, description)].filter(Boolean).join(' ');
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
  const { extension } = outputFormat(
    path.includes('/img/') ? 'jpeg' : path.includes('/pdf/') ? 'pdf' : 'svg',
  );
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
      return `<tr><td data-label="Field"><code>${escape(name)}</code></td><td data-label="Type">${escape(typeOf(schema))}</td><td data-label="Required">${required.has(name) ? 'yes' : 'no'}</td><td data-label="Default">${escape(fallback)}</td><td data-label="Notes">${prose(notes(schema))}</td></tr>`;
    })
    .join('\n');
}

function parameterTable(parameters: Parameter[]): string {
  const rows = parameters
    .map(
      (p) =>
        `<tr><td data-label="Name"><code>${escape(p.name)}</code></td><td data-label="In">${escape(p.in)}</td><td data-label="Required">${p.required ? 'yes' : 'no'}</td><td data-label="Notes">${prose(p.description ?? p.schema?.description ?? '')}</td></tr>`,
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
${example ? `<h3>Example</h3><pre tabindex="0"><code>${escape(example)}</code></pre>` : ''}
</section>`;
}

export function docsPage(document: OpenApiDocument): string {
  const origin = document.servers?.[0]?.url ?? '';
  const paths = document.paths ?? {};
  const sections = Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => operationSection(origin, path, method, op)),
  );
  const title = escape(document.info.title);
  const contents = Object.entries(paths)
    .flatMap(([path, methods]) =>
      Object.keys(methods).map(
        (method) =>
          `<li><a href="#${escape(method + path)}"><span class="method">${escape(method.toUpperCase())}</span> <code>${escape(path)}</code></a></li>`,
      ),
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head>
${brandHead(`${title} · Lifeline`, DOCS_STYLE)}
</head><body>
<header class="top"><a class="brand" href="/">${LOGO_SVG}<span>Lifeline</span></a><a class="back" href="/">← Back to Lifeline</a></header>
<main>
<h1>${title}</h1>
<p class="lead">${prose(document.info.description ?? '')}</p>
<p>Machine-readable: <a href="/api/v1/openapi.json">OpenAPI 3.1 document</a>.</p>
<nav aria-label="Endpoints"><ul class="toc">${contents}</ul></nav>
${sections.join('\n')}
</main>
</body></html>`;
}

/** The page's own rules on top of the brand: tables become stacked rows on a phone. */
const DOCS_STYLE = `
.top { position: sticky; top: 0; z-index: 1; display: flex; align-items: center; justify-content: space-between; gap: 1rem; padding: .75rem 1.25rem; background: var(--card); border-bottom: 1px solid var(--border); }
.back { font-size: .875rem; font-weight: 500; text-decoration: none; padding: .5rem .75rem; border-radius: 8px; border: 1px solid var(--border); color: var(--foreground); }
.back:hover { background: var(--muted); }
main { max-width: 60rem; margin: 0 auto; padding: 1.5rem 1.25rem 4rem; }
h1 { font-size: 2rem; letter-spacing: -.02em; margin: .5rem 0; }
h2 { font-size: 1.25rem; margin: 0 0 .5rem; display: flex; flex-wrap: wrap; align-items: center; gap: .5rem; overflow-wrap: anywhere; }
h3 { font-size: 1rem; margin: 1.25rem 0 .5rem; }
.lead { color: var(--muted-foreground); font-size: 1.05rem; }
.lead code { color: var(--foreground); }
p, li { overflow-wrap: anywhere; }
code { background: var(--code); padding: .1rem .3rem; border-radius: 4px; }
pre { background: var(--code); padding: 1rem; overflow-x: auto; border-radius: 8px; border: 1px solid var(--border); max-width: 100%; }
pre code { background: none; padding: 0; }
.toc { list-style: none; padding: 0; display: grid; gap: .25rem; }
.toc a { text-decoration: none; color: var(--foreground); }
.toc a:hover code { color: var(--link); }
section { margin-top: 2rem; padding: 1.25rem; border: 1px solid var(--border); border-radius: 12px; background: var(--card); }
table { border-collapse: collapse; width: 100%; font-size: .9rem; }
th, td { border-bottom: 1px solid var(--border); padding: .5rem .6rem; text-align: left; vertical-align: top; overflow-wrap: anywhere; }
th { color: var(--muted-foreground); font-weight: 600; overflow-wrap: normal; white-space: nowrap; }
.method { display: inline-block; min-width: 3.2rem; text-align: center; background: var(--primary); color: var(--primary-foreground); font-size: .75rem; font-weight: 700; padding: .1rem .4rem; border-radius: 4px; }
@media (max-width: 640px) {
  table, tbody, tr, td { display: block; width: 100%; }
  thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
  tr { border-bottom: 1px solid var(--border); padding: .4rem 0; }
  td { border: 0; padding: .15rem 0; display: grid; grid-template-columns: 6rem minmax(0, 1fr); gap: .5rem; }
  td::before { content: attr(data-label); color: var(--muted-foreground); font-weight: 600; }
  section { padding: 1rem; }
}
`;
