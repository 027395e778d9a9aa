/**
 * A trace file as bytes → its traces: OTLP protobuf when the type says so or the bytes are not
 * text, else the text formats parse.ts reads. The server's worker and the CLI read files here.
 */
import { TraceFileError, type ParsedFile } from './model.js';
import { decodeOtlpProto } from './otlp-proto.js';
import { parseTraceDocuments, parseTraceFile } from './parse.js';

const PROTOBUF_TYPES = /^application\/(?:x-)?protobuf\b/i;

/** The first byte that is not JSON whitespace, or -1. */
function firstByte(bytes: Uint8Array): number {
  for (const byte of bytes) {
    if (byte !== 0x20 && byte !== 0x0a && byte !== 0x0d && byte !== 0x09) return byte;
  }
  return -1;
}

/**
 * Protobuf when the content type names it, or when the file starts as a TracesData does (field 1,
 * length-delimited: 0x0a) and not as JSON. A protobuf whose first length happens to be `{` (123)
 * reads as JSON first and, failing that, as protobuf.
 */
export function parseTraceBytes(bytes: Uint8Array, contentType?: string): ParsedFile {
  if (contentType && PROTOBUF_TYPES.test(contentType)) {
    return parseTraceDocuments([decodeOtlpProto(bytes)]);
  }
  const first = firstByte(bytes);
  const json = first === 0x7b || first === 0x5b;
  if (bytes[0] === 0x0a && !json) return parseTraceDocuments([decodeOtlpProto(bytes)]);
  try {
    return parseTraceFile(new TextDecoder().decode(bytes));
  } catch (error) {
    if (bytes[0] !== 0x0a || !(error instanceof TraceFileError)) throw error;
    try {
      return parseTraceDocuments([decodeOtlpProto(bytes)]);
    } catch {
      throw error;
    }
  }
}
