/**
 * An HTTP peer in a process of its own, for sandboxed mods' outbound requests: a sandboxed mod
 * may never reach a port the service's own process listens on, so a peer started inside the test
 * process (which is the kernel's) would be refused as svc's own listener. It answers JSON with
 * the method, path and request headers; `/binary` answers bytes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';

const PEER = `
const http = require('node:http');
const server = http.createServer((req, res) => {
  if (req.url === '/binary') { res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(Buffer.from([0, 1, 2])); return; }
  res.writeHead(200, { 'content-type': 'application/json', 'set-cookie': 'peer=1' })
    .end(JSON.stringify({ peer: true, method: req.method, path: req.url, headers: req.headers }));
});
server.listen(0, '127.0.0.1', () => process.stdout.write(server.address().port + '\\n'));
process.on('disconnect', () => process.exit(0));
`;

export interface EchoPeer {
  port: number;
  close(): Promise<void>;
}

export async function startEchoPeerProcess(): Promise<EchoPeer> {
  const child: ChildProcess = spawn(process.execPath, ['-e', PEER], { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  let text = '';
  for await (const chunk of child.stdout!) {
    text += String(chunk);
    if (text.includes('\n')) break;
  }
  const port = Number(text.trim());
  if (!Number.isInteger(port) || port <= 0) throw new Error(`the echo peer did not start: ${text}`);
  return {
    port,
    async close() {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill();
      await exited;
    },
  };
}
