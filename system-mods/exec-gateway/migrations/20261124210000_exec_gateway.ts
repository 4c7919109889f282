import type { Knex } from 'knex';

/**
 * The execution gateway's tables: the controller settings (one row; TLS key and certificate live
 * in the mod's encrypted secrets, only their metadata here), API targets, gateways (pairing and
 * trust in one record per gateway id) and process operations with their bounded output tails.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('exec_gateway_controller', (t) => {
    t.boolean('singleton').primary().defaultTo(true);
    t.boolean('enabled').notNullable().defaultTo(false);
    t.string('host', 255).notNullable().defaultTo('127.0.0.1');
    t.integer('port').notNullable().defaultTo(7443);
    // Fingerprints, subjects and validity of the stored certificate and CA; never the PEM itself.
    t.jsonb('tls').nullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('alter table exec_gateway_controller add constraint exec_gateway_controller_one_row check (singleton)');
  await knex('exec_gateway_controller').insert({ singleton: true });

  await knex.schema.createTable('exec_gateway_targets', (t) => {
    t.specificType('id', 'varchar(128) collate "C"').primary();
    t.string('name', 200).notNullable();
    t.string('base_url', 2048).notNullable();
    t.boolean('enabled').notNullable().defaultTo(true);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('exec_gateway_gateways', (t) => {
    t.specificType('gateway_id', 'varchar(128) collate "C"').primary();
    // ed25519 | hmac
    t.string('method', 16).notNullable();
    // pending | approved | rejected | revoked
    t.string('status', 16).notNullable();
    t.string('controller_id', 255).notNullable().defaultTo('controller');
    // Raw Ed25519 public key (base64) and its fingerprint; cleared on revocation.
    t.string('public_key', 128).nullable();
    t.string('fingerprint', 128).nullable();
    // Name of the HMAC secret in the mod's secrets; cleared on revocation.
    t.string('secret_name', 200).nullable();
    t.jsonb('transcript').nullable();
    t.string('implementation', 200).nullable();
    t.string('version', 100).nullable();
    t.timestamp('last_seen_at', { useTz: true }).nullable();
    t.timestamp('decided_at', { useTz: true }).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('exec_gateway_operations', (t) => {
    t.specificType('gateway_id', 'varchar(128) collate "C"').notNullable();
    // Lower-cased: operation ids match case-insensitively.
    t.specificType('operation_id', 'varchar(256) collate "C"').notNullable();
    t.jsonb('request').notNullable();
    t.string('request_hash', 64).notNullable();
    // dispatched | running | completed | failed | cancelled | interrupted
    t.string('state', 16).notNullable();
    t.integer('exit_code').nullable();
    t.string('signal', 32).nullable();
    t.text('error').nullable();
    t.text('stdout').notNullable().defaultTo('');
    t.text('stderr').notNullable().defaultTo('');
    t.bigInteger('stdout_bytes').notNullable().defaultTo(0);
    t.bigInteger('stderr_bytes').notNullable().defaultTo(0);
    t.boolean('cancel_requested').notNullable().defaultTo(false);
    t.string('agent_id', 64).nullable();
    t.string('run_id', 128).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('finished_at', { useTz: true }).nullable();
    t.primary(['gateway_id', 'operation_id']);
    t.index(['created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['exec_gateway_operations', 'exec_gateway_gateways', 'exec_gateway_targets', 'exec_gateway_controller']) {
    await knex.schema.dropTableIfExists(table);
  }
}
