/** API targets: named HTTP(S) base URLs (field rules from the spec). */
import type { ModDatabaseService as Database } from '../../../../sdk/index.js';
import { gatewayErrors as errors } from '../errors.js';

export const TARGET_ID_RE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

interface TargetRow {
  id: string;
  name: string;
  base_url: string;
  enabled: boolean;
  created_at: Date | string;
  updated_at: Date | string;
}

export interface TargetInput {
  id?: unknown;
  name?: unknown;
  baseUrl?: unknown;
  enabled?: unknown;
}

const view = (row: TargetRow) => ({ id: row.id, name: row.name, baseUrl: row.base_url, enabled: row.enabled, createdAt: new Date(row.created_at).toISOString(), updatedAt: new Date(row.updated_at).toISOString() });

/** HTTP(S) only, no userinfo, query or fragment; trailing slashes of the path removed. */
export function normalizeBaseUrl(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') throw errors.apiTargetInvalid({ reason: 'baseUrl is required' });
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw errors.apiTargetInvalid({ reason: 'baseUrl is not a URL' });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw errors.apiTargetInvalid({ reason: 'baseUrl must be http or https' });
  if (url.username !== '' || url.password !== '' || /^[a-z]+:\/\/[^/?#]*@/i.test(value.trim())) throw errors.apiTargetInvalid({ reason: 'baseUrl must not carry userinfo' });
  if (value.includes('?')) throw errors.apiTargetInvalid({ reason: 'baseUrl must not carry a query' });
  if (value.includes('#')) throw errors.apiTargetInvalid({ reason: 'baseUrl must not carry a fragment' });
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

function checked(input: TargetInput) {
  if (typeof input.id !== 'string' || !TARGET_ID_RE.test(input.id)) throw errors.apiTargetInvalid({ reason: 'id must start with a letter or digit, then letters, digits, dot, underscore or hyphen (at most 128)' });
  if (typeof input.name !== 'string' || input.name.trim() === '') throw errors.apiTargetInvalid({ reason: 'name must not be empty' });
  return { id: input.id, name: input.name, base_url: normalizeBaseUrl(input.baseUrl), enabled: input.enabled !== false };
}

export class Targets {
  private readonly table: string;

  constructor(private readonly db: Database) {
    this.table = db.table('targets');
  }

  async list() {
    return (await this.db.knex<TargetRow>(this.table).select('*').orderBy('id')).map(view);
  }

  async create(input: TargetInput) {
    const row = checked(input);
    const inserted = await this.db.knex(this.table).insert(row).onConflict('id').ignore().returning('*');
    if (inserted.length === 0) throw errors.apiTargetExists({ id: row.id });
    return view(inserted[0]);
  }

  async update(id: string, input: TargetInput) {
    if (input.id !== undefined && input.id !== id) throw errors.targetIdImmutable({ id, bodyId: String(input.id) });
    const row = checked({ ...input, id });
    const updated = await this.db.knex(this.table).where({ id }).update({ name: row.name, base_url: row.base_url, enabled: row.enabled, updated_at: new Date() }).returning('*');
    if (updated.length === 0) throw errors.apiTargetNotFound({ id });
    return view(updated[0]);
  }

  async remove(id: string) {
    const deleted = await this.db.knex(this.table).where({ id }).delete().returning('id');
    if (deleted.length === 0) throw errors.apiTargetNotFound({ id });
  }
}
