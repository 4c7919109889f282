/**
 * The settings mod's contract: operator-wide settings (the operator's identity and time zone)
 * and the execution boundaries (`PUT /api/settings/execution-boundaries`), the rules every
 * place that starts a process for agent tools applies. Today that is the MCP mod's stdio
 * servers; it asks on every save and every start, so a changed setting applies to the next
 * start without a restart.
 */
import { createServiceRef, type UnitOfWorkOptions } from '../../../sdk/index.js';

/** The operator as shown in the UI. @public */
export interface OperatorIdentity {
  name: string;
  avatar: string | null;
}

/**
 * Operator settings other mods read or write. Each call joins the caller's unit of work when
 * given one (setup writes the identity in its own transaction). @public
 */
export interface OperatorSettingsService {
  /** The operator identity, or undefined before setup wrote one. */
  operator(options?: UnitOfWorkOptions): Promise<OperatorIdentity | undefined>;
  setOperator(identity: OperatorIdentity, options?: UnitOfWorkOptions): Promise<OperatorIdentity>;
  /** The operator's IANA time zone (default `UTC`). */
  timezone(options?: UnitOfWorkOptions): Promise<string>;
  /** The memory curator settings (`/api/settings/curator`; defaults when none are saved). */
  curator(options?: UnitOfWorkOptions): Promise<CuratorSettings>;
}

/** The memory curator's settings; the curator (the tiddle mod) reads them on every tick. @public */
export interface CuratorSettings {
  enabled: boolean;
  /** 5-field cron, evaluated in the operator time zone. */
  schedule: string;
  reviewWindowDays: number;
  maxItemsPerRun: number;
  /**
   * Whether an agent's `brain_save` / `brain_update` waits for the operator as a promotion
   * candidate: `off` (never; the default), `derived` (when tool output was read earlier in the
   * turn, see the brains mod), `all`. The brains mod reads it on every agent write.
   */
  reviewAgentBrainWrites: 'off' | 'derived' | 'all';
}

/** @public */
export const operatorSettingsServiceRef = createServiceRef<OperatorSettingsService>({ id: 'settings.operator' });

/** The stored boundaries (defaults filled in). @public */
export interface ExecutionBoundaries {
  /** JavaScript RegExp sources (no flags); a match anywhere in the command line blocks it. */
  blockedCommandPatterns: string[];
  /** A command (for an MCP stdio server: one use of it, e.g. a tool call) running longer is stopped. */
  maxCommandSeconds: number;
}

/** Why a command may not run. @public */
export interface CommandRefusal {
  /** Index of the first matching entry of `blockedCommandPatterns`. */
  patternIndex: number;
  /** The command line the patterns were tested against. */
  commandLine: string;
}

/** @public */
export interface ExecutionBoundariesService {
  /** The boundaries in force (defaults when none are saved). */
  get(): Promise<ExecutionBoundaries>;
  /**
   * Tests `command` and `args`, joined with single spaces into one command line, against the
   * blocked command patterns; undefined when none matches.
   */
  commandRefusal(command: string, args: readonly string[]): Promise<CommandRefusal | undefined>;
}

/** @public */
export const executionBoundariesServiceRef = createServiceRef<ExecutionBoundariesService>({ id: 'settings.execution-boundaries' });

/** The command line the blocked command patterns are tested against. @public */
export function commandLineOf(command: string, args: readonly string[]): string {
  return [command, ...args].join(' ');
}

/** What a tool-approval rule decides for the calls it matches. @public */
export type ToolApprovalAction = 'allow' | 'ask' | 'deny';

/**
 * One rule of the tool-approval policy (`/api/settings/tool-approvals`). A rule matches a call
 * when every matcher it has matches; the most specific matching rule decides. @public
 */
export interface ToolApprovalRule {
  /** Unique within the policy; names the rule in `approval.requested`, the trace and the stop report. */
  id: string;
  action: ToolApprovalAction;
  /** Only this agent's calls; absent: every agent's. */
  agentId?: string;
  /**
   * The tool's identity (`builtin.<tool>`, `mod.<id>.<tool>`, `mcp:<connectionId>/<tool>`), or a
   * prefix ending in `*` (`mcp:github/*`, `mod.exec-gateway.*`); `*` alone is every tool.
   */
  tool: string;
  /** JavaScript RegExp source (no flags) tested against a command tool's command line. */
  command?: string;
  /** A file tool's path: exact, or a prefix ending in `*`. */
  path?: string;
  /** Only calls that write a file outside the agent's workspace. */
  outsideWorkspace?: boolean;
  /** Why the rule exists (shown to the operator). */
  note?: string;
}

/** The stored policy (defaults filled in). @public */
export interface ToolApprovalPolicy {
  /** The action for a call no rule matches, per tool kind. */
  defaults: { builtin: ToolApprovalAction; mod: ToolApprovalAction; mcp: ToolApprovalAction };
  rules: ToolApprovalRule[];
}

/** A tool call as the policy sees it. @public */
export interface ToolCallSubject {
  agentId: string;
  /** The tool's identity. */
  tool: string;
  kind: 'builtin' | 'mod' | 'mcp';
  /** The command line of a command tool (process_run). */
  command?: string;
  /** The path a file tool writes. */
  path?: string;
  /** The written path lies outside the agent's workspace. */
  outsideWorkspace?: boolean;
}

/** What the policy decided for a call, and which rule decided it. @public */
export interface ToolApprovalVerdict {
  action: ToolApprovalAction;
  /** The deciding rule: a policy rule, `boundary:<index>` (an execution boundary), `default:<kind>`, or `invalid:<id>`. */
  rule: { id: string; source: 'rule' | 'boundary' | 'default' | 'invalid'; agentId?: string };
  reason: string;
}

/** The tool-approval policy other mods apply (the chat run engine, before each tool call). @public */
export interface ToolApprovalsService {
  /** Decides one call; never throws: a broken policy or rule denies (fails closed). */
  evaluate(subject: ToolCallSubject): Promise<ToolApprovalVerdict>;
  /**
   * "Approve always for this rule": stores an `allow` rule for this agent with the asking rule's
   * matchers (so it is more specific than the rule that asked). Returns the stored rule.
   */
  allowAlways(agentId: string, askingRuleId: string, tool: string): Promise<ToolApprovalRule>;
}

/** @public */
export const toolApprovalsServiceRef = createServiceRef<ToolApprovalsService>({ id: 'settings.tool-approvals' });
