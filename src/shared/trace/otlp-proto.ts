/**
 * OTLP protobuf (what OTLP/HTTP exporters send as `application/x-protobuf`, and `.pb` files) →
 * the same documents OTLP/JSON gives, for the one OTLP reader (otlp.ts). Decoded by protobufjs
 * with the official messages of open-telemetry/opentelemetry-proto (Apache-2.0; comments and
 * options left out), so field numbers and types are the specification's, not ours. Ids come out
 * as base64 and times as decimal text, as in OTLP/JSON written by Tempo.
 *
 * Kept out of parse.ts so the page's import dialog does not carry protobufjs: the server's worker
 * and the CLI read bytes through bytes.ts.
 */
import protobuf from 'protobufjs';
import { TRACE_SPANS_MAX, TraceFileError, TraceLimitError } from './model.js';

const COMMON = `syntax = "proto3";
package opentelemetry.proto.common.v1;
message AnyValue {
  oneof value {
    string string_value = 1;
    bool bool_value = 2;
    int64 int_value = 3;
    double double_value = 4;
    ArrayValue array_value = 5;
    KeyValueList kvlist_value = 6;
    bytes bytes_value = 7;
    int32 string_value_strindex = 8;
  }
}
message ArrayValue { repeated AnyValue values = 1; }
message KeyValueList { repeated KeyValue values = 1; }
message KeyValue {
  string key = 1;
  AnyValue value = 2;
  int32 key_strindex = 3;
}
message InstrumentationScope {
  string name = 1;
  string version = 2;
  repeated KeyValue attributes = 3;
  uint32 dropped_attributes_count = 4;
}
message EntityRef {
  string schema_url = 1;
  string type = 2;
  repeated string id_keys = 3;
  repeated string description_keys = 4;
}`;

const RESOURCE = `syntax = "proto3";
package opentelemetry.proto.resource.v1;
message Resource {
  repeated opentelemetry.proto.common.v1.KeyValue attributes = 1;
  uint32 dropped_attributes_count = 2;
  repeated opentelemetry.proto.common.v1.EntityRef entity_refs = 3;
}`;

// instrumentation_library_spans (1000) is reserved today; older exporters and Tempo wrote it,
// with the shape ScopeSpans has now.
const TRACE = `syntax = "proto3";
package opentelemetry.proto.trace.v1;
message TracesData { repeated ResourceSpans resource_spans = 1; }
message ResourceSpans {
  opentelemetry.proto.resource.v1.Resource resource = 1;
  repeated ScopeSpans scope_spans = 2;
  string schema_url = 3;
  repeated ScopeSpans instrumentation_library_spans = 1000;
}
message ScopeSpans {
  opentelemetry.proto.common.v1.InstrumentationScope scope = 1;
  repeated Span spans = 2;
  string schema_url = 3;
}
message Span {
  bytes trace_id = 1;
  bytes span_id = 2;
  string trace_state = 3;
  bytes parent_span_id = 4;
  fixed32 flags = 16;
  string name = 5;
  enum SpanKind {
    SPAN_KIND_UNSPECIFIED = 0;
    SPAN_KIND_INTERNAL = 1;
    SPAN_KIND_SERVER = 2;
    SPAN_KIND_CLIENT = 3;
    SPAN_KIND_PRODUCER = 4;
    SPAN_KIND_CONSUMER = 5;
  }
  SpanKind kind = 6;
  fixed64 start_time_unix_nano = 7;
  fixed64 end_time_unix_nano = 8;
  repeated opentelemetry.proto.common.v1.KeyValue attributes = 9;
  uint32 dropped_attributes_count = 10;
  message Event {
    fixed64 time_unix_nano = 1;
    string name = 2;
    repeated opentelemetry.proto.common.v1.KeyValue attributes = 3;
    uint32 dropped_attributes_count = 4;
  }
  repeated Event events = 11;
  uint32 dropped_events_count = 12;
  message Link {
    bytes trace_id = 1;
    bytes span_id = 2;
    string trace_state = 3;
    repeated opentelemetry.proto.common.v1.KeyValue attributes = 4;
    uint32 dropped_attributes_count = 5;
    fixed32 flags = 6;
  }
  repeated Link links = 13;
  uint32 dropped_links_count = 14;
  Status status = 15;
}
message Status {
  string message = 2;
  enum StatusCode {
    STATUS_CODE_UNSET = 0;
    STATUS_CODE_OK = 1;
    STATUS_CODE_ERROR = 2;
  }
  StatusCode code = 3;
}`;

let tracesData: protobuf.Type | null = null;

/** TracesData; ExportTraceServiceRequest (what exporters send) has the same fields and numbers. */
export function otlpMessageType(): protobuf.Type {
  if (tracesData) return tracesData;
  const root = new protobuf.Root();
  for (const source of [COMMON, RESOURCE, TRACE]) protobuf.parse(source, root);
  root.resolveAll();
  tracesData = root.lookupType('opentelemetry.proto.trace.v1.TracesData');
  return tracesData;
}

interface Decoded {
  resourceSpans?: {
    scopeSpans?: { spans?: unknown[] }[];
    instrumentationLibrarySpans?: { spans?: unknown[] }[];
  }[];
}

/** The bytes as one OTLP/JSON-shaped document, or a TraceFileError naming what is wrong. */
export function decodeOtlpProto(bytes: Uint8Array): unknown {
  const type = otlpMessageType();
  let message: protobuf.Message;
  try {
    message = type.decode(bytes);
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'not understood';
    throw new TraceFileError(`The file is not valid OTLP protobuf (${reason.slice(0, 120)}).`);
  }
  // Counted before the spans are turned into objects, so an over-large file costs one decode.
  let spans = 0;
  for (const resource of (message as Decoded).resourceSpans ?? []) {
    for (const scope of [
      ...(resource.scopeSpans ?? []),
      ...(resource.instrumentationLibrarySpans ?? []),
    ]) {
      spans += scope.spans?.length ?? 0;
    }
  }
  if (spans > TRACE_SPANS_MAX) {
    throw new TraceLimitError(
      413,
      `The file holds ${spans.toLocaleString('en')} spans; at most ${TRACE_SPANS_MAX.toLocaleString('en')} are read. Export one trace, or a part of it.`,
    );
  }
  return type.toObject(message, { longs: String, bytes: String, enums: Number, arrays: true });
}
