/**
 * The kernel hook catalogue as mods see it. Names state their position: `before*` hooks may
 * transform (waterfall) or veto (bail); `on*`/`after*` hooks are only told (series/parallel).
 * Mods tap through a facade (the tap is named after the mod and removed on disable); they can
 * never call a hook.
 */
import type { Knex } from 'knex';

/** A mod lifecycle notification. @public */
export interface ModLifecycleEvent {
  modId: string;
  version: string;
}

/** Counts reported by `GET /api/diagnostics/inventory`; mods add their own. @public */
export type InventoryCounts = Record<string, number>;

/** An agent is being deleted: every mod removes its rows for the agent in `trx`. @public */
export interface AgentDeleteEvent {
  agentId: string;
  /** The deletion's transaction: write through it so the whole delete commits or none of it. */
  trx: Knex.Transaction;
}

/** Hook name → semantics and argument types. @public */
export interface KernelHookMap {
  /** A mod finished enabling. */
  onModEnabled: { kind: 'series'; args: [ModLifecycleEvent] };
  /** A mod finished disabling (its registrations are gone). */
  onModDisabled: { kind: 'series'; args: [ModLifecycleEvent] };
  /** The listener is accepting connections. */
  onServerReady: { kind: 'series'; args: [{ url: string }] };
  /** The kernel is shutting down; mods are still enabled. */
  onShutdown: { kind: 'series'; args: [] };
  /** An agent is being deleted; taps delete the agent's records in the event's transaction (throw to veto). */
  beforeAgentDelete: { kind: 'series'; args: [AgentDeleteEvent] };
  /** Transform the inventory counts before they are reported (counts only, never content). */
  beforeInventoryReport: { kind: 'waterfall'; args: [InventoryCounts] };
}

/** Every hook name. @public */
export type KernelHookName = keyof KernelHookMap;

/** The function a mod taps onto hook `K`. @public */
export type HookTapFn<K extends KernelHookName> = KernelHookMap[K]['kind'] extends 'waterfall'
  ? (...args: KernelHookMap[K]['args']) => KernelHookMap[K]['args'][0] | Promise<KernelHookMap[K]['args'][0]>
  : (...args: KernelHookMap[K]['args']) => void | Promise<void>;
