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
