/**
 * A streamed chat turn (`POST /api/chat`, NDJSON) sent to one process or the proxy, read line by
 * line as it arrives, so a test can act on the run (cancel, steer, kill its process) while it
 * is still streaming.
 */
import http from 'node:http';

export const TERMINAL = ['run.completed', 'run.failed', 'run.cancelled', 'run.superseded'];

export interface StreamEvent {
  type: string;
  runId: string;
  sessionId: string;
  data: any;
}

export interface StreamedTurn {
  events: StreamEvent[];
  /** Resolves with the run id at `run.started`. */
  started: Promise<string>;
  /** Resolves with every event once the stream ended (normally or cut). */
  ended: Promise<StreamEvent[]>;
}

export function streamTurn(base: string, body: Record<string, unknown>): StreamedTurn {
  const events: StreamEvent[] = [];
  let markStarted!: (runId: string) => void;
  let failStarted!: (error: Error) => void;
  const started = new Promise<string>((resolve, reject) => {
    markStarted = resolve;
    failStarted = reject;
  });
  started.catch(() => undefined);
  const ended = new Promise<StreamEvent[]>((resolve) => {
    const req = http.request(`${base}/api/chat`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/x-ndjson', origin: base } }, (res) => {
      res.setEncoding('utf8');
      let buffered = '';
      res.on('data', (chunk: string) => {
        buffered += chunk;
        let nl: number;
        while ((nl = buffered.indexOf('\n')) >= 0) {
          const line = buffered.slice(0, nl);
          buffered = buffered.slice(nl + 1);
          if (line.length === 0) continue;
          const event = JSON.parse(line) as StreamEvent;
          events.push(event);
          if (event.type === 'run.started') markStarted(event.runId);
        }
      });
      const finish = () => {
        failStarted(new Error(`stream ended before run.started (status ${res.statusCode}): ${buffered}`));
        resolve(events);
      };
      res.on('end', finish);
      res.on('close', finish);
      res.on('error', finish);
    });
    req.on('error', (error) => {
      failStarted(error);
      resolve(events);
    });
    req.end(JSON.stringify(body));
  });
  return { events, started, ended };
}
