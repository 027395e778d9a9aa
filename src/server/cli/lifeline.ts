#!/usr/bin/env node
/**
 * lifeline: Lifeline's command line, for CI with no server. One command for now:
 *   lifeline check diagram.mmd --trace trace.json [--trace more.pb] [--format json]
 * checks a sequence diagram against the calls real traces recorded (shared/trace/check.ts, the
 * function the API and the MCP tool ask) and exits 1 when they drift apart: a call the diagram
 * lacks, or a message no trace shows. 0: they match; 2: the command or a file is wrong.
 */
import { readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { CONTENT_MAX } from '../../shared/schemas.js';
import { parseTraceBytes } from '../../shared/trace/bytes.js';
import { checkDiagram, type TraceCheck } from '../../shared/trace/check.js';
import {
  TRACE_FILE_MAX_BYTES,
  TraceFileError,
  TraceLimitError,
  type ParsedTrace,
} from '../../shared/trace/index.js';

const USAGE = `Usage: lifeline check <diagram.mmd> --trace <file> [--trace <file>…] [--format text|json]

  Checks a sequence diagram against real traces: every call the traces made between two
  services should have a message, and every message a call. Trace files are what the import
  reads: OTLP JSON, JSON lines or protobuf (.pb), Grafana Tempo, Jaeger, Zipkin.
  A participant stands for a service by its id or display name (case and punctuation
  ignored), or by a comment in the diagram:  %% service Pay = payment-service

  --trace   a trace file; give it once per file
  --format  text (default), a readable report; json, the API's answer

Exits 0 when the diagram matches, 1 when it drifted, 2 when the command or a file is wrong.`;

class UsageError extends Error {}

function readLimited(path: string, limit: number, what: string): Buffer {
  let size: number;
  try {
    size = statSync(path).size;
  } catch {
    throw new UsageError(`cannot read ${what} ${path}`);
  }
  if (size > limit) {
    throw new UsageError(
      `${what} ${path} is ${size.toLocaleString('en')} bytes; at most ${limit.toLocaleString('en')} are read`,
    );
  }
  return readFileSync(path);
}

const arrow = (from: string, to: string) => `${from} → ${to}`;

/** The check as a person reads it. */
function report(check: TraceCheck, diagram: string, files: number, traces: number): string {
  const against = `${files} trace ${files === 1 ? 'file' : 'files'} (${traces} ${traces === 1 ? 'trace' : 'traces'})`;
  const lines = [
    `${diagram} against ${against}: ${check.ok ? 'matches' : 'drifted'}.`,
    `  ${check.matched} ${check.matched === 1 ? 'message stands' : 'messages stand'} for traced calls.`,
  ];
  if (check.onlyInTrace.length > 0) {
    lines.push('', 'Calls the traces made that the diagram lacks:');
    for (const call of check.onlyInTrace) {
      lines.push(`  ${arrow(call.from, call.to)}: ${call.label} (${call.count}×)`);
    }
  }
  if (check.onlyInDiagram.length > 0) {
    lines.push('', 'Messages no trace shows:');
    for (const message of check.onlyInDiagram) {
      lines.push(`  line ${message.line}: ${arrow(message.from, message.to)}: ${message.label}`);
    }
  }
  if (check.labels.length > 0) {
    lines.push('', 'Labels that differ from the traces (not drift):');
    for (const label of check.labels) {
      lines.push(
        `  line ${label.line}: ${arrow(label.from, label.to)}: “${label.diagram}”; traced: ${label.trace.join(', ')}`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

function check(args: string[]): number {
  const { values, positionals } = parseArgs({
    args,
    options: {
      trace: { type: 'string', multiple: true },
      format: { type: 'string', default: 'text' },
    },
    allowPositionals: true,
  });
  if (positionals.length !== 1) throw new UsageError('name one diagram file');
  if (!values.trace?.length) throw new UsageError('name at least one trace file with --trace');
  if (values.format !== 'text' && values.format !== 'json') {
    throw new UsageError(`--format must be text or json, not ${values.format}`);
  }
  const diagramPath = positionals[0]!;
  const diagram = readLimited(diagramPath, CONTENT_MAX * 4, 'diagram').toString('utf8');
  const traces: ParsedTrace[] = [];
  for (const path of values.trace) {
    const bytes = readLimited(path, TRACE_FILE_MAX_BYTES, 'trace file');
    try {
      traces.push(
        ...parseTraceBytes(
          bytes,
          /\.(?:bin)?pb$/i.test(path) ? 'application/x-protobuf' : undefined,
        ).traces,
      );
    } catch (error) {
      if (error instanceof TraceFileError || error instanceof TraceLimitError) {
        throw new UsageError(`${path}: ${error.message}`);
      }
      throw error;
    }
  }
  const result = checkDiagram(diagram, traces);
  process.stdout.write(
    values.format === 'json'
      ? `${JSON.stringify(result, null, 2)}\n`
      : report(result, basename(diagramPath), values.trace.length, traces.length),
  );
  return result.ok ? 0 : 1;
}

function main(argv: string[]): number {
  const [command, ...rest] = argv;
  if (command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  try {
    if (command !== 'check') {
      throw new UsageError(command ? `unknown command '${command}'` : 'name a command');
    }
    return check(rest);
  } catch (error) {
    if (error instanceof UsageError || (error instanceof TypeError && 'code' in error)) {
      process.stderr.write(`lifeline: ${error.message}\n\n${USAGE}\n`);
      return 2;
    }
    throw error;
  }
}

process.exitCode = main(process.argv.slice(2));
