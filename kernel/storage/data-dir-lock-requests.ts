/**
 * What the data-dir lock socket answers besides the holder's pid (see data-dir-lock.ts): the
 * one request it serves, `backup`, and the client side that asks for it.
 */
import net from 'node:net';

/** Requests the holder answers besides its pid; anything else on the socket is refused. */
export type LockRequest = 'backup';
/** Answers one request with bytes (the embedded database's dump for `backup`). */
export type LockRequestHandler = () => Promise<Uint8Array>;
/** A request line is a few dozen bytes: a longer one is not ours. */
const REQUEST_MAX_BYTES = 1024;
/** A connection that says nothing is closed after this (probers hang up at once). */
const REQUEST_IDLE_MS = 5_000;

/**
 * Every connection first gets `{"pid":N}\n` (what a prober reads, as before). A client may then
 * send one request line `{"request":"backup"}`: the holder answers `{"ok":true,"bytes":N}\n`
 * and N bytes, or `{"ok":false,"error":…}\n`. Only the user who owns the data dir can reach the
 * socket (it lives in the 0700 data dir or behind a 0700 alias folder), and the only request
 * served writes nothing anywhere: the bytes go back over the socket itself.
 */
export function serveConnection(socket: net.Socket, handlers: Map<LockRequest, LockRequestHandler>): void {
  socket.on('error', () => undefined); // a prober that hung up early
  socket.setTimeout(REQUEST_IDLE_MS, () => socket.destroy());
  socket.write(`${JSON.stringify({ pid: process.pid })}\n`);
  let text = '';
  let answered = false;
  const refuse = (error: string) => {
    answered = true;
    socket.end(`${JSON.stringify({ ok: false, error })}\n`);
  };
  socket.on('end', () => {
    if (!answered) socket.end();
  });
  socket.on('data', (chunk: Buffer) => {
    if (answered) return;
    text += chunk.toString('utf8');
    if (text.length > REQUEST_MAX_BYTES) return refuse('request too long');
    const newline = text.indexOf('\n');
    if (newline < 0) return;
    let name: unknown;
    try {
      name = (JSON.parse(text.slice(0, newline)) as { request?: unknown }).request;
    } catch {
      return refuse('not a request');
    }
    const handler = typeof name === 'string' ? handlers.get(name as LockRequest) : undefined;
    if (!handler) return refuse('unsupported request');
    answered = true;
    socket.setTimeout(0); // a large dump may take a while to produce and to read
    handler().then(
      (bytes) => {
        socket.write(`${JSON.stringify({ ok: true, bytes: bytes.byteLength })}\n`);
        socket.end(bytes);
      },
      (error: Error) => socket.end(`${JSON.stringify({ ok: false, error: error.message })}\n`),
    );
  });
}

/** Sends `request` to the live holder of a lock socket and returns the bytes it answers with. */
export function requestFromLock(address: string, request: LockRequest): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(address);
    const chunks: Buffer[] = [];
    socket.on('connect', () => socket.write(`${JSON.stringify({ request })}\n`));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const all = Buffer.concat(chunks);
      // Line 1: the pid; line 2: the answer header; then the payload.
      const first = all.indexOf(10);
      const second = first < 0 ? -1 : all.indexOf(10, first + 1);
      if (second < 0) return reject(new Error('the running svc closed the connection without answering (an older version?)'));
      const header = JSON.parse(all.subarray(first + 1, second).toString('utf8')) as { ok: boolean; bytes?: number; error?: string };
      if (!header.ok) return reject(new Error(`the running svc refused the ${request} request: ${header.error ?? 'no reason given'}`));
      const payload = all.subarray(second + 1);
      if (payload.byteLength !== header.bytes) return reject(new Error(`the running svc sent ${payload.byteLength} of ${header.bytes} bytes`));
      resolve(payload);
    });
  });
}
