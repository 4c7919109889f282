/**
 * Baseline for bench/agents-list.ts: bare Fastify serving `GET /api/agents` from one query on an
 * embedded PGlite data dir holding a table shaped like the agents mod's, with the same rows and
 * the same JSON per agent. Usage: node --import tsx bench/bare-pglite-agents.ts <port> <dataDir> <agents>
 */
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';

const [port, dataDir, count] = [Number(process.argv[2]), process.argv[3], Number(process.argv[4])];
if (!Number.isInteger(port) || port <= 0 || !dataDir || !Number.isInteger(count)) {
  process.stderr.write('usage: bare-pglite-agents.ts <port> <dataDir> <agents>\n');
  process.exit(2);
}

const db = await PGlite.create({ dataDir });
await db.exec(`
  create table if not exists agents (
    id varchar(64) primary key, name varchar(120) not null, enabled boolean not null default true,
    identity jsonb not null default '{}', execution_environment jsonb not null default '{"kind":"local"}',
    created_at timestamptz not null default now(), updated_at timestamptz not null default now());
  delete from agents;`);
for (let i = 0; i < count; i++) {
  await db.query(`insert into agents (id, name, identity) values ($1, $2, $3)`, [`agent-${i}`, `Agent ${i}`, { avatar: null }]);
}

interface Row {
  id: string;
  name: string;
  enabled: boolean;
  identity: Record<string, unknown>;
  execution_environment: unknown;
  created_at: Date;
  updated_at: Date;
}

const app = Fastify({ logger: false });
app.get('/api/agents', async () => {
  const { rows } = await db.query<Row>('select * from agents order by created_at, id');
  return {
    ok: true,
    agents: rows.map((r) => ({
      id: r.id,
      name: r.name,
      enabled: r.enabled,
      identity: { ...r.identity, avatar: r.identity.avatar ?? null },
      executionEnvironment: r.execution_environment,
      createdAt: new Date(r.created_at).toISOString(),
      updatedAt: new Date(r.updated_at).toISOString(),
    })),
  };
});
await app.listen({ host: '127.0.0.1', port });
process.stdout.write(`bare-pglite-agents listening on http://127.0.0.1:${port}\n`);

process.on('SIGTERM', () => {
  app
    .close()
    .then(() => db.close())
    .then(
      () => process.exit(0),
      () => process.exit(1),
    );
});
