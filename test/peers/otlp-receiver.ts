/**
 * A real OTLP/HTTP traces receiver on a loopback port: `POST /v1/traces` with the JSON
 * protocol (what `@opentelemetry/exporter-trace-otlp-http` sends), decoded into flat spans with
 * their attributes as plain values. Tests point `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` at it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  /** OTLP's enum: 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
  kind: number;
  attributes: Record<string, unknown>;
  status?: { code?: number; message?: string };
  resource: Record<string, unknown>;
  /** The span's links (other spans it relates to), by trace and span id. */
  links: Array<{ traceId: string; spanId: string }>;
  /** The span's events, by name with their attributes. */
  events: Array<{ name: string; attributes: Record<string, unknown> }>;
}

export interface OtlpReceiver {
  endpoint: string;
  spans: ReceivedSpan[];
  /** Content types of the export requests (the protocol the exporter chose). */
  contentTypes: string[];
  close(): Promise<void>;
}

type AnyValue = { stringValue?: string; intValue?: string | number; doubleValue?: number; boolValue?: boolean; arrayValue?: { values?: AnyValue[] } };
type KeyValue = { key: string; value: AnyValue };

function plain(value: AnyValue): unknown {
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return value.doubleValue;
  if (value.boolValue !== undefined) return value.boolValue;
  if (value.arrayValue !== undefined) return (value.arrayValue.values ?? []).map(plain);
  return undefined;
}

const attributesOf = (list: KeyValue[] | undefined) => Object.fromEntries((list ?? []).map((kv) => [kv.key, plain(kv.value)]));

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const contentTypes: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/traces') {
        res.writeHead(404).end();
        return;
      }
      contentTypes.push(String(req.headers['content-type']));
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        resourceSpans?: Array<{ resource?: { attributes?: KeyValue[] }; scopeSpans?: Array<{ spans?: Array<Record<string, unknown>> }> }>;
      };
      for (const rs of body.resourceSpans ?? []) {
        const resource = attributesOf(rs.resource?.attributes);
        for (const ss of rs.scopeSpans ?? []) {
          for (const s of ss.spans ?? []) {
            spans.push({
              traceId: s.traceId as string,
              spanId: s.spanId as string,
              ...(s.parentSpanId ? { parentSpanId: s.parentSpanId as string } : {}),
              name: s.name as string,
              kind: s.kind as number,
              attributes: attributesOf(s.attributes as KeyValue[]),
              status: s.status as ReceivedSpan['status'],
              resource,
              links: ((s.links as Array<{ traceId: string; spanId: string }> | undefined) ?? []).map((l) => ({ traceId: l.traceId, spanId: l.spanId })),
              events: ((s.events as Array<{ name: string; attributes?: KeyValue[] }> | undefined) ?? []).map((e) => ({ name: e.name, attributes: attributesOf(e.attributes) })),
            });
          }
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}/v1/traces`,
    spans,
    contentTypes,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
