/**
 * What the routes do: a session's scope read, bound and unbound, its handoffs read and written,
 * each for a registered agent (404 `agent_not_found` otherwise). A session id needs no
 * messages: a handoff is written for a session that has not started yet, and a scope may be set
 * before a session's first turn. Every write is one transaction.
 */
import type { Knex } from 'knex';
import type { ModDatabaseService } from '../../../../sdk/index.js';
import type { AgentsService } from '../../../agents/src/contract.js';
import { continuityErrors as errors } from '../errors.js';
import type { Handoff, HandoffStore } from './handoffs.js';
import type { ScopeBinding, ScopeStore } from './scopes.js';

export interface SessionRef {
  agentId: string;
  sessionId: string;
}

export interface HandoffRequest extends SessionRef {
  title: string;
  body: string;
  scope?: string;
}

export interface ScopeView extends SessionRef {
  scope: string | null;
  boundAt: string | null;
}

const view = (ref: SessionRef, binding: ScopeBinding | null): ScopeView => ({ agentId: ref.agentId, sessionId: ref.sessionId, scope: binding?.scope ?? null, boundAt: binding?.boundAt ?? null });

export class Continuity {
  constructor(
    private readonly db: ModDatabaseService,
    private readonly agents: AgentsService,
    private readonly scopes: ScopeStore,
    private readonly handoffs: HandoffStore,
  ) {}

  async scopeOf(ref: SessionRef): Promise<ScopeView> {
    await this.agents.require(ref.agentId);
    return view(ref, await this.scopes.get(ref.agentId, ref.sessionId));
  }

  async bind(ref: SessionRef, scope: string): Promise<ScopeView & { previousScope: string | null }> {
    return this.db.transaction(async (trx) => {
      await this.requireAgent(trx, ref.agentId);
      const { binding, previousScope } = await this.scopes.bind(trx, ref.agentId, ref.sessionId, scope);
      return { ...view(ref, binding), previousScope };
    });
  }

  async unbind(ref: SessionRef): Promise<ScopeView & { previousScope: string | null }> {
    return this.db.transaction(async (trx) => {
      await this.requireAgent(trx, ref.agentId);
      const previousScope = await this.scopes.unbind(trx, ref.agentId, ref.sessionId);
      return { ...view(ref, null), previousScope };
    });
  }

  async handoffsOf(ref: SessionRef): Promise<{ scope: string | null; written: Handoff | null; received: Handoff | null }> {
    await this.agents.require(ref.agentId);
    const scope = (await this.scopes.get(ref.agentId, ref.sessionId))?.scope ?? null;
    const [written, received] = await Promise.all([this.handoffs.writtenFrom(ref.agentId, ref.sessionId), this.handoffs.receivedBy(ref.agentId, ref.sessionId, scope)]);
    return { scope, written, received };
  }

  async writeHandoff(request: HandoffRequest): Promise<{ handoff: Handoff; replaced: boolean }> {
    return this.db.transaction(async (trx) => {
      const scope = await this.handoffScope(trx, request);
      const result = await this.handoffs.writeExplicit(trx, { ...this.write(request), scope: scope.effective });
      if (scope.claim) await this.scopes.claim(request.agentId, request.sessionId, scope.claim, trx);
      return result;
    });
  }

  async offerCandidate(request: HandoffRequest): Promise<{ stored: boolean; reason: 'explicit_handoff_exists' | null; handoff: Handoff }> {
    return this.db.transaction(async (trx) => {
      const scope = await this.handoffScope(trx, request);
      const offered = await this.handoffs.offerCandidate(trx, { ...this.write(request), scope: scope.effective });
      if (!offered.stored) return { stored: false, reason: 'explicit_handoff_exists' as const, handoff: offered.handoff };
      if (scope.claim) await this.scopes.claim(request.agentId, request.sessionId, scope.claim, trx);
      return { stored: true, reason: null, handoff: offered.handoff };
    });
  }

  private write(request: HandoffRequest) {
    return { agentId: request.agentId, sessionId: request.sessionId, title: request.title, body: request.body };
  }

  /**
   * The scope a handoff is for: the one named (which must be the session's, when it has one;
   * an unbound session is bound to it once the handoff is stored), else the session's, else none.
   */
  private async handoffScope(trx: Knex.Transaction, request: HandoffRequest): Promise<{ effective: string | null; claim?: string }> {
    await this.requireAgent(trx, request.agentId);
    const bound = await this.scopes.get(request.agentId, request.sessionId, trx);
    if (request.scope === undefined) return { effective: bound?.scope ?? null };
    if (bound && bound.scope !== request.scope) {
      throw errors.continuityScopeMismatch({ agentId: request.agentId, sessionId: request.sessionId, boundScope: bound.scope, requestedScope: request.scope });
    }
    return bound ? { effective: bound.scope } : { effective: request.scope, claim: request.scope };
  }

  private requireAgent(trx: Knex.Transaction, agentId: string) {
    return this.agents.require(agentId, { unitOfWork: this.db.unitOfWork(trx) });
  }
}
