/**
 * The tool-approval policy: rules of `allow`, `ask` or `deny` matching an agent, a tool, and for
 * command and file tools a command pattern or a path. The most specific matching rule decides
 * (an agent's own rule before everyone's, an exact tool before a prefix, a command or path
 * matcher before none); at equal specificity the stricter action wins. A call no rule matches
 * gets its tool kind's default. The execution boundaries' blocked command patterns are `deny`
 * rules of this model that no other rule overrides. A rule that cannot be applied (a stored
 * pattern that does not compile, a malformed document) denies every call it could concern: the
 * policy fails closed.
 */
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { ToolApprovalAction, ToolApprovalPolicy, ToolApprovalRule, ToolApprovalsService, ToolApprovalVerdict, ToolCallSubject } from '../contract.js';
import { settingsErrors as errors } from '../errors.js';
import { compileBlockedCommandPattern, type ExecutionBoundariesStore } from './execution-boundaries.js';
import type { SettingsDocuments } from './settings-documents.js';

export const RULE_ID_PATTERN = '^[a-z0-9][a-z0-9._-]{0,79}$';
const RULE_ID = new RegExp(RULE_ID_PATTERN);
const ACTIONS: readonly ToolApprovalAction[] = ['allow', 'ask', 'deny'];
const STRICTNESS: Record<ToolApprovalAction, number> = { allow: 0, ask: 1, deny: 2 };

/** What ships: every tool allowed, except commands on a gateway and writes outside the workspace, which ask. */
export function toolApprovalDefaults(): ToolApprovalPolicy {
  return {
    defaults: { builtin: 'allow', mod: 'allow', mcp: 'allow' },
    rules: [
      { id: 'gateway-commands', action: 'ask', tool: 'mod.exec-gateway.process_run', note: 'A command on an execution gateway waits for the operator.' },
      { id: 'writes-outside-workspace', action: 'ask', tool: '*', outsideWorkspace: true, note: 'A file written outside the agent’s workspace waits for the operator.' },
    ],
  };
}

/** Why `rule` cannot be applied, or undefined when it can. */
export function ruleProblem(rule: unknown): string | undefined {
  if (typeof rule !== 'object' || rule === null || Array.isArray(rule)) return 'a rule must be an object';
  const r = rule as Record<string, unknown>;
  if (typeof r.id !== 'string' || !RULE_ID.test(r.id)) return 'the id must match ' + RULE_ID_PATTERN;
  if (!ACTIONS.includes(r.action as ToolApprovalAction)) return 'the action must be allow, ask or deny';
  if (typeof r.tool !== 'string' || r.tool.length === 0) return 'the tool must be a tool identity, a prefix ending in *, or *';
  if (r.agentId !== undefined && typeof r.agentId !== 'string') return 'agentId must be a string';
  if (r.path !== undefined && (typeof r.path !== 'string' || r.path.length === 0)) return 'path must be a non-empty string';
  if (r.outsideWorkspace !== undefined && typeof r.outsideWorkspace !== 'boolean') return 'outsideWorkspace must be a boolean';
  if (r.command !== undefined) {
    if (typeof r.command !== 'string' || r.command.length === 0) return 'command must be a non-empty regular expression';
    try {
      compileBlockedCommandPattern(r.command);
    } catch (error) {
      return `the command pattern does not compile: ${(error as Error).message.slice(0, 200)}`;
    }
  }
  return undefined;
}

/** `pattern` (exact, a prefix ending in `*`, or `*`) against `value`; the points it scores when it matches. */
function globScore(pattern: string, value: string, exact: number, prefix: number): number | undefined {
  if (pattern === '*') return 0;
  if (pattern.endsWith('*')) return value.startsWith(pattern.slice(0, -1)) ? prefix : undefined;
  return pattern === value ? exact : undefined;
}

/** How specific `rule` is for `subject`, or undefined when it does not match. `commandTest` is the compiled pattern. */
function specificity(rule: ToolApprovalRule, subject: ToolCallSubject, commandTest: RegExp | undefined): number | undefined {
  let score = 0;
  if (rule.agentId !== undefined) {
    if (rule.agentId !== subject.agentId) return undefined;
    score += 100;
  }
  const tool = globScore(rule.tool, subject.tool, 40, 20);
  if (tool === undefined) return undefined;
  score += tool;
  if (rule.command !== undefined) {
    if (subject.command === undefined || !commandTest?.test(subject.command)) return undefined;
    score += 10;
  }
  if (rule.path !== undefined) {
    if (subject.path === undefined) return undefined;
    const path = globScore(rule.path, subject.path, 10, 5);
    if (path === undefined) return undefined;
    score += path;
  }
  if (rule.outsideWorkspace === true) {
    if (subject.outsideWorkspace !== true) return undefined;
    score += 5;
  }
  return score;
}

/** Whether a rule that cannot be applied could concern `subject` (its agent and tool matchers, when readable, match). */
function mayConcern(rule: unknown, subject: ToolCallSubject): boolean {
  if (typeof rule !== 'object' || rule === null) return true;
  const r = rule as Record<string, unknown>;
  if (typeof r.agentId === 'string' && r.agentId !== subject.agentId) return false;
  if (typeof r.tool === 'string' && r.tool.length > 0 && globScore(r.tool, subject.tool, 1, 1) === undefined) return false;
  return true;
}

/** Decides `subject` against a policy and the boundaries' blocked command patterns. Pure. */
export function evaluatePolicy(policy: unknown, blockedCommandPatterns: readonly string[], subject: ToolCallSubject): ToolApprovalVerdict {
  if (subject.command !== undefined) {
    for (const [index, pattern] of blockedCommandPatterns.entries()) {
      let matches = true;
      try {
        matches = compileBlockedCommandPattern(pattern).test(subject.command);
      } catch {
        // A stored pattern that does not compile blocks every command.
      }
      if (matches) return { action: 'deny', rule: { id: `boundary:${index}`, source: 'boundary' }, reason: `the command matches execution boundary pattern ${index}` };
    }
  }
  const p = policy as Partial<ToolApprovalPolicy> | undefined;
  if (!p || typeof p !== 'object' || !Array.isArray(p.rules) || typeof p.defaults !== 'object' || p.defaults === null) {
    return { action: 'deny', rule: { id: 'invalid:policy', source: 'invalid' }, reason: 'the stored tool-approval policy is malformed; every call is denied until it is saved again' };
  }
  let best: { rule: ToolApprovalRule; score: number } | undefined;
  for (const rule of p.rules) {
    const problem = ruleProblem(rule);
    if (problem !== undefined) {
      if (mayConcern(rule, subject)) {
        const id = typeof (rule as { id?: unknown })?.id === 'string' ? (rule as { id: string }).id : '?';
        return { action: 'deny', rule: { id: `invalid:${id}`, source: 'invalid' }, reason: `tool-approval rule ${id} cannot be applied (${problem}); the call is denied` };
      }
      continue;
    }
    const score = specificity(rule, subject, rule.command !== undefined ? compileBlockedCommandPattern(rule.command) : undefined);
    if (score === undefined) continue;
    if (!best || score > best.score || (score === best.score && STRICTNESS[rule.action] > STRICTNESS[best.rule.action])) best = { rule, score };
  }
  if (best) {
    const { rule } = best;
    return { action: rule.action, rule: { id: rule.id, source: 'rule', ...(rule.agentId !== undefined ? { agentId: rule.agentId } : {}) }, reason: rule.note ?? `tool-approval rule ${rule.id}` };
  }
  const action = p.defaults[subject.kind];
  if (!ACTIONS.includes(action)) return { action: 'deny', rule: { id: 'invalid:defaults', source: 'invalid' }, reason: `the default for ${subject.kind} tools is not allow, ask or deny; the call is denied` };
  return { action, rule: { id: `default:${subject.kind}`, source: 'default' }, reason: `no rule matches; the default for ${subject.kind} tools` };
}

function checkRules(rules: ToolApprovalRule[]): ToolApprovalRule[] {
  const seen = new Set<string>();
  rules.forEach((rule, index) => {
    const problem = ruleProblem(rule) ?? (seen.has(rule.id) ? `the id ${rule.id} is used twice` : undefined);
    if (problem !== undefined) throw errors.settingsApprovalRuleInvalid({ index, reason: problem }, { details: { field: 'rules', index } });
    seen.add(rule.id);
  });
  return rules;
}

export class ToolApprovalsStore {
  constructor(
    private readonly documents: SettingsDocuments,
    private readonly boundaries: ExecutionBoundariesStore,
  ) {}

  /** The stored policy with defaults filled in (as stored: evaluation re-checks every rule). */
  async get(trx?: Knex.Transaction): Promise<ToolApprovalPolicy> {
    const saved = await this.documents.read<Partial<ToolApprovalPolicy>>('tool-approvals', trx);
    const defaults = toolApprovalDefaults();
    return { defaults: { ...defaults.defaults, ...saved?.defaults }, rules: saved?.rules ?? defaults.rules };
  }

  async evaluate(subject: ToolCallSubject): Promise<ToolApprovalVerdict> {
    try {
      const [policy, boundaries] = await Promise.all([this.get(), subject.command !== undefined ? this.boundaries.get() : undefined]);
      return evaluatePolicy(policy, boundaries?.blockedCommandPatterns ?? [], subject);
    } catch (error) {
      return { action: 'deny', rule: { id: 'invalid:policy', source: 'invalid' }, reason: `the tool-approval policy could not be read (${(error as Error).message.slice(0, 200)}); the call is denied` };
    }
  }

  /** Applies `patch` (shape checked by the route schema); a sent list replaces the saved one. */
  async update(patch: { defaults?: Partial<ToolApprovalPolicy['defaults']>; rules?: ToolApprovalRule[] }, trx?: Knex.Transaction): Promise<ToolApprovalPolicy> {
    if (patch.rules !== undefined) checkRules(patch.rules);
    return this.documents.transaction(trx, async (tx) => {
      await this.documents.readForUpdate('tool-approvals', tx);
      const current = await this.get(tx);
      const next: ToolApprovalPolicy = { defaults: { ...current.defaults, ...patch.defaults }, rules: patch.rules ?? current.rules };
      return this.documents.write('tool-approvals', next, tx);
    });
  }

  async allowAlways(agentId: string, askingRuleId: string, tool: string): Promise<ToolApprovalRule> {
    return this.documents.transaction(undefined, async (tx) => {
      await this.documents.readForUpdate('tool-approvals', tx);
      const policy = await this.get(tx);
      const asking = policy.rules.find((r) => r.id === askingRuleId && ruleProblem(r) === undefined);
      const suffix = createHash('sha256')
        .update(`${agentId}\u0000${askingRuleId}\u0000${asking ? '' : tool}`)
        .digest('hex')
        .slice(0, 10);
      const id = `always-${suffix}`;
      const existing = policy.rules.find((r) => r.id === id);
      if (existing) return existing;
      const { id: _id, note: _note, action: _action, agentId: _agent, ...matchers } = asking ?? { id: '', action: 'ask' as const, tool };
      const rule: ToolApprovalRule = { id, action: 'allow', agentId, ...matchers, note: `Approved always by the operator (for rule ${askingRuleId}).` };
      await this.documents.write('tool-approvals', { ...policy, rules: [...policy.rules, rule] }, tx);
      return rule;
    });
  }

  service(): ToolApprovalsService {
    return { evaluate: (subject) => this.evaluate(subject), allowAlways: (agentId, ruleId, tool) => this.allowAlways(agentId, ruleId, tool) };
  }
}
