/**
 * Which continuity scope a session belongs to. A scope is a name (a project…): 1–200
 * characters without control characters. Binding is first-writer-wins for turns (`claim`) and
 * explicit for the operator (`bind` replaces, `unbind` removes).
 */
import DataLoader from 'dataloader';
import type { Knex } from 'knex';
import type { ChangesService, ModDatabaseService } from '../../../../sdk/index.js';
import { NoticedReadCache } from '../../../../sdk/helpers/index.js';
import { continuityErrors as errors } from '../errors.js';

export const SCOPE_MAX_CHARS = 200;
/** JSON Schema pattern of a scope (the route schemas); `checkScope` applies the same rule to turns. */
export const SCOPE_PATTERN = '^[^\\u0000-\\u001f\\u007f-\\u009f]{1,200}$';
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

export interface ScopeBinding {
  agentId: string;
  sessionId: string;
  scope: string;
  boundAt: string;
}

interface ScopeRow {
  agent_id: string;
  session_id: string;
  scope: string;
  bound_at: Date | string;
}

const iso = (value: Date | string) => new Date(value).toISOString();
const toBinding = (row: ScopeRow): ScopeBinding => ({ agentId: row.agent_id, sessionId: row.session_id, scope: row.scope, boundAt: iso(row.bound_at) });

/** 400 `continuity_scope_invalid` unless `scope` is a usable scope name. */
export function checkScope(scope: string): void {
  const length = [...scope].length;
  if (length === 0 || length > SCOPE_MAX_CHARS) throw errors.continuityScopeInvalid({ reason: `it must have 1 to ${SCOPE_MAX_CHARS} characters` });
  if (CONTROL.test(scope)) throw errors.continuityScopeInvalid({ reason: 'it must not contain control characters' });
}

/** Change name of an agent's bindings (key: the agent id). */
export const SCOPES_CHANGED = 'scopes';

/** Sessions whose binding one statement reads at most. */
const READ_BATCH_MAX = 500;

export class ScopeStore {
  private readonly table: string;
  /**
   * Reads outside a transaction issued in one go (every turn's acceptance reads its session's
   * binding: a thousand turns arriving together) are answered by one statement; nothing is
   * cached between batches, so a read never returns a binding older than its own request.
   */
  private readonly reads: DataLoader<{ agentId: string; sessionId: string }, ScopeBinding | null, string>;
  /**
   * Whether an agent has any binding at all. Most agents never use scopes: their turns then read
   * nothing. Any process's binding write drops the agent's entry through the change bus, so a
   * binding made elsewhere shows here once its notice arrives (milliseconds).
   */
  private readonly anyBound: NoticedReadCache<boolean>;

  constructor(
    private readonly db: ModDatabaseService,
    private readonly clock: () => number,
    changes?: ChangesService,
  ) {
    this.table = db.table('scopes');
    this.anyBound = new NoticedReadCache(changes, `continuity.${SCOPES_CHANGED}`);
    this.reads = new DataLoader(
      async (keys) => {
        const rows = await this.db
          .knex<ScopeRow>(this.table)
          .whereIn(
            ['agent_id', 'session_id'],
            keys.map((k) => [k.agentId, k.sessionId]),
          )
          .select('*');
        const byKey = new Map(rows.map((row) => [`${row.agent_id}\u0000${row.session_id}`, toBinding(row)]));
        return keys.map((k) => byKey.get(`${k.agentId}\u0000${k.sessionId}`) ?? null);
      },
      { cache: false, maxBatchSize: READ_BATCH_MAX },
    );
  }

  async get(agentId: string, sessionId: string, trx?: Knex.Transaction): Promise<ScopeBinding | null> {
    if (!trx) {
      const any = await this.anyBound.read(agentId, async () => (await this.db.knex(this.table).where({ agent_id: agentId }).first('agent_id')) !== undefined);
      return any ? this.reads.load({ agentId, sessionId }) : null;
    }
    const row = await trx<ScopeRow>(this.table).where({ agent_id: agentId, session_id: sessionId }).first();
    return row ? toBinding(row) : null;
  }

  /** Binds the session to `scope`, replacing any other; returns the binding and the scope it had. */
  async bind(trx: Knex.Transaction, agentId: string, sessionId: string, scope: string): Promise<{ binding: ScopeBinding; previousScope: string | null }> {
    const previous = await trx<ScopeRow>(this.table).where({ agent_id: agentId, session_id: sessionId }).forUpdate().first();
    if (previous?.scope === scope) return { binding: toBinding(previous), previousScope: scope };
    const [row] = await trx(this.table)
      .insert({ agent_id: agentId, session_id: sessionId, scope, bound_at: new Date(this.clock()) })
      .onConflict(['agent_id', 'session_id'])
      .merge(['scope', 'bound_at'])
      .returning('*');
    this.anyBound.changed(agentId, trx);
    return { binding: toBinding(row as ScopeRow), previousScope: previous?.scope ?? null };
  }

  /**
   * The session's scope once `scope` is claimed for it: an unbound session is bound to it (the
   * first claim wins a race), a session bound to another scope is 409 `continuity_scope_mismatch`.
   */
  async claim(agentId: string, sessionId: string, scope: string, trx: Knex | Knex.Transaction = this.db.knex): Promise<ScopeBinding> {
    const created = await trx(this.table)
      .insert({ agent_id: agentId, session_id: sessionId, scope, bound_at: new Date(this.clock()) })
      .onConflict(['agent_id', 'session_id'])
      .ignore()
      .returning('agent_id');
    if (created.length > 0) this.anyBound.changed(agentId, trx as Knex.Transaction);
    const binding = toBinding((await trx<ScopeRow>(this.table).where({ agent_id: agentId, session_id: sessionId }).first())!);
    if (binding.scope !== scope) throw errors.continuityScopeMismatch({ agentId, sessionId, boundScope: binding.scope, requestedScope: scope });
    return binding;
  }

  /** Removes the binding; returns the scope it had (null when the session was unbound). */
  async unbind(trx: Knex.Transaction, agentId: string, sessionId: string): Promise<string | null> {
    const rows = await trx<ScopeRow>(this.table).where({ agent_id: agentId, session_id: sessionId }).delete().returning('scope');
    if (rows.length > 0) this.anyBound.changed(agentId, trx);
    return (rows[0] as unknown as { scope: string } | undefined)?.scope ?? null;
  }

  async deleteForAgent(trx: Knex.Transaction, agentId: string): Promise<void> {
    await trx(this.table).where({ agent_id: agentId }).delete();
    this.anyBound.changed(agentId, trx);
  }

  async deleteForSession(trx: Knex.Transaction, agentId: string, sessionId: string): Promise<void> {
    await trx(this.table).where({ agent_id: agentId, session_id: sessionId }).delete();
    this.anyBound.changed(agentId, trx);
  }
}
