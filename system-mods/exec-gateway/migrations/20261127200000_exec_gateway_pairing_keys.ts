import type { Knex } from 'knex';

/**
 * A pending pairing keeps the key of the handshake that created it; a handshake under the same
 * gateway id with another key no longer replaces it but is listed beside it (`contender_keys`:
 * raw key, fingerprint, transcript, first and last seen), so the operator approves the
 * fingerprint the real gateway printed. Pending records expire by `created_at`, which the
 * database's clock writes.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('exec_gateway_gateways', (t) => {
    t.jsonb('contender_keys').nullable();
  });
  await knex.raw(`create index exec_gateway_gateways_pending_idx on exec_gateway_gateways (created_at) where status = 'pending'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists exec_gateway_gateways_pending_idx');
  await knex.schema.alterTable('exec_gateway_gateways', (t) => {
    t.dropColumn('contender_keys');
  });
}
