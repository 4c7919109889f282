/**
 * A database of its own on the test PostgreSQL cluster (`TEST_DATABASE_URL`), for suites that
 * start real server processes on one PostgreSQL, and the JSON helper they talk to them with.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Runs one statement on the cluster's admin database (create/drop database). */
export async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL! });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export interface ScratchDatabase {
  name: string;
  /** The connection string of the new database (the cluster's, another database name). */
  url: string;
  /** Drops it, disconnecting whoever is still connected; never throws. */
  drop(): Promise<void>;
}

/** Creates an empty database named `<prefix>_<random>`. */
export async function scratchDatabase(prefix: string): Promise<ScratchDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set: this suite needs a PostgreSQL server');
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  await adminQuery(`create database ${name}`);
  return { name, url: url.toString(), drop: () => adminQuery(`drop database if exists ${name} with (force)`).catch(() => undefined) };
}

/** One JSON request to a server process: status and parsed body. */
export async function jsonApi(server: { url: string }, method: string, url: string, body?: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`${server.url}${url}`, { method, headers: { 'content-type': 'application/json' }, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
  return { status: res.status, body: (await res.json()) as any };
}
