/**
 * The one point where the tool-approval policy (`settings.tool-approvals`) decides a tool call
 * of a run, for every kind of tool. `allow` lets it run; `deny` refuses it; `ask` stores a
 * pending approval, emits `approval.requested` and waits at that call — between model calls, so
 * no model call is held open — until the operator decides through the steering route, the
 * deadline passes (the call is denied and the model told so) or the run stops. A decision taken
 * in this process wakes the wait at once; one taken by another process is read at the next poll.
 * Without the settings mod every call is allowed, as before the policy existed.
 */
import path from 'node:path';
import type { ToolApprovalsService, ToolCallSubject } from '../../../../settings/src/contract.js';
import type { PolicyAuthority } from './run-rows.js';
import type { LoggerService } from '../../../../../sdk/index.js';
import type { RunApproval, RunApprovalDecision, RunSteering } from '../../contract.js';
import { maskCredentials } from '../credential-mask.js';
import type { ApprovalStore } from './approval-store.js';
import type { ChatRun } from './chat-run.js';
import type { RunTool } from './tool-belt.js';
import { toolCategory, toolTarget } from './tool-effects.js';

export type { PolicyAuthority };

export type GateResult = { ok: true; policy?: PolicyAuthority } | { ok: false; code: string; message: string; reason: string; policy: PolicyAuthority };

/** The call as the policy sees it: the command line of a gateway command, the path of a file write. */
export function subjectOf(agentId: string, tool: RunTool, args: Record<string, unknown>): ToolCallSubject {
  const subject: ToolCallSubject = { agentId, tool: tool.tool, kind: tool.kind };
  const category = toolCategory(tool.tool, tool.kind);
  if (category === 'gateway_process') {
    subject.command = typeof args.command === 'string' ? args.command : [args.executable, ...(Array.isArray(args.args) ? args.args : [])].filter((p) => typeof p === 'string').join(' ');
  } else if (category === 'file_write') {
    const target = toolTarget(tool.tool, args);
    if (target !== undefined) {
      subject.path = target;
      const root = typeof tool.boundary.workspaceRoot === 'string' ? tool.boundary.workspaceRoot : undefined;
      if (root !== undefined) {
        const resolved = path.resolve(root, target);
        subject.outsideWorkspace = resolved !== root && !resolved.startsWith(root.endsWith(path.sep) ? root : root + path.sep);
      } else subject.outsideWorkspace = path.isAbsolute(target);
    }
  }
  return subject;
}

export class ApprovalGate {
  private readonly waiters = new Map<string, () => void>();

  constructor(
    private readonly deps: {
      policy: () => ToolApprovalsService | undefined;
      store: ApprovalStore;
      /** Tells the other processes a decision was stored (change bus); absent with one process. */
      announce?: (approvalId: string) => Promise<void>;
      log: LoggerService;
    },
  ) {}

  /**
   * The operator's decision (the steering route's): stored with the steering's idempotency, then
   * the waiting call is woken here and announced to the other processes; `approve_always` also
   * stores the allow rule. A replay changes nothing.
   */
  async answer(
    input: { runId: string; agentId: string; sessionId: string; idempotencyKey: string; decision: RunApprovalDecision },
    by: RunApproval['decidedBy'],
  ): Promise<{ replayed: boolean; steering: RunSteering; approval: RunApproval }> {
    const decided = await this.deps.store.decide({ ...input, decidedBy: by });
    if (decided.replayed) return decided;
    const { approvalId } = decided.approval;
    this.wake(approvalId);
    await this.deps.announce?.(approvalId).catch(() => undefined);
    if (input.decision.verdict === 'approve_always') {
      await this.deps
        .policy()
        ?.allowAlways(input.agentId, decided.approval.rule.id, decided.approval.tool)
        .catch((err: unknown) => this.deps.log.warn({ err, runId: input.runId, approvalId }, 'the always-allow rule of an approval could not be stored'));
    }
    return decided;
  }

  /** A decision on `approvalId` was stored by this process: its waiting run reads it now. */
  wake(approvalId: string): void {
    this.waiters.get(approvalId)?.();
  }

  async check(run: ChatRun, call: { callId: string; name: string }, tool: RunTool, args: Record<string, unknown>, timing: { timeoutMs: number; pollMs: number }): Promise<GateResult> {
    const policy = this.deps.policy();
    if (!policy) return { ok: true };
    const verdict = await policy.evaluate(subjectOf(run.agentId, tool, args));
    const authority: PolicyAuthority = { action: verdict.action, rule: verdict.rule, reason: verdict.reason };
    if (verdict.action === 'allow') return { ok: true, policy: authority };
    if (verdict.action === 'deny') {
      return { ok: false, code: 'chat_tool_policy_denied', message: `the operator's tool policy refuses this call (${verdict.reason})`, reason: `denied by tool-approval rule ${verdict.rule.id}`, policy: authority };
    }
    return this.ask(run, call, tool, args, authority, timing);
  }

  private async ask(run: ChatRun, call: { callId: string; name: string }, tool: RunTool, args: Record<string, unknown>, authority: PolicyAuthority, timing: { timeoutMs: number; pollMs: number }): Promise<GateResult> {
    const store = this.deps.store;
    const deadline = Date.now() + timing.timeoutMs;
    const masked = maskCredentials(args);
    const opened = await store.open({
      runId: run.runId,
      agentId: run.agentId,
      sessionId: run.sessionId,
      callId: call.callId,
      tool: tool.tool,
      name: call.name,
      arguments: masked,
      rule: authority.rule,
      reason: authority.reason,
      deadline: new Date(deadline),
    });
    const { approvalId } = opened;
    const phase = run.phase;
    run.phase = 'approval';
    run.pendingApproval = { approvalId, callId: call.callId, tool: tool.tool, deadline: opened.deadline };
    run.emit('approval.requested', { approvalId, callId: call.callId, tool: tool.tool, name: call.name, kind: tool.kind, arguments: masked, rule: authority.rule, reason: authority.reason, deadline: opened.deadline });
    let outcome: RunApproval;
    try {
      outcome = await this.wait(run, approvalId, deadline, timing.pollMs);
    } finally {
      run.pendingApproval = undefined;
      run.phase = phase;
    }
    const approval = {
      approvalId,
      status: outcome.status,
      decidedAt: outcome.decidedAt,
      decidedBy: outcome.decidedBy,
      message: outcome.message,
      always: outcome.always,
      deadline: outcome.deadline,
    };
    run.emit('approval.decided', { callId: call.callId, tool: tool.tool, rule: authority.rule, ...approval });
    const decided = { ...authority, approval };
    if (outcome.status === 'approved') return { ok: true, policy: decided };
    if (outcome.status === 'expired') {
      return {
        ok: false,
        code: 'chat_tool_approval_expired',
        message: `no operator answered within ${Math.round(timing.timeoutMs / 1000)} s, so this call was not made; do not retry it unless the user asks`,
        reason: `the approval asked by rule ${authority.rule.id} expired`,
        policy: decided,
      };
    }
    return {
      ok: false,
      code: 'chat_tool_denied',
      message: `the operator denied this call${outcome.message ? `: ${outcome.message}` : ''}`,
      reason: `denied by the operator (rule ${authority.rule.id} asked)`,
      policy: decided,
    };
  }

  /** Until the approval is decided or expired; throws the run's stop (the approval is then abandoned). */
  private async wait(run: ChatRun, approvalId: string, deadline: number, pollMs: number): Promise<RunApproval> {
    const store = this.deps.store;
    for (;;) {
      if (run.stop) {
        await store.close(approvalId, 'abandoned').catch(() => undefined);
        throw run.stop;
      }
      const current = await store.get(approvalId);
      if (!current) throw new Error(`approval ${approvalId} disappeared`);
      if (current.status !== 'pending') return current;
      const remaining = deadline - Date.now();
      if (remaining <= 0) {
        const expired = await store.close(approvalId, 'expired');
        if (expired) return expired;
        continue;
      }
      await this.pause(approvalId, Math.min(pollMs, remaining), run.signal);
    }
  }

  private pause(approvalId: string, ms: number, signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        if (this.waiters.get(approvalId) === done) this.waiters.delete(approvalId);
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal.addEventListener('abort', done, { once: true });
      this.waiters.set(approvalId, done);
    });
  }
}
