/**
 * The runtime of untrusted mods (sandboxed roots, e.g. installed from Git): the mod's code runs
 * in an isolated-vm isolate inside its own child process (`sandbox-process.ts`), never in the
 * kernel's. The kernel keeps every registration on its side — routes, tools, diagnostics are
 * bound here from what the guest registered in `init`, through the same mod scope and checks as
 * in-process mods — so disable undoes them with the same disposer stack, then ends the process.
 */
import { realpathSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import { coreServices, type DiagnosticsService, type HttpRouterService, type LoggerService, type SecretsService, type SettingsService } from '../../../sdk/core-services.js';
import { toDisposable } from '../../../sdk/disposable.js';
import type { EgressGuard } from '../../../sdk/core/egress.js';
import type { EgressGuardOptions } from '../../egress/egress-guard.js';
import { isSvcError, type SvcError } from '../../../sdk/errors.js';
import type { ModManifest } from '../../../sdk/manifest.js';
import { errors } from '../../errors.js';
import { DEFAULT_DEADLINE_MS, type RouteTable } from '../../http/route-table.js';
import type { Database } from '../../storage/database.js';
import { createModContainer, DisposerStack } from '../mod-scope.js';
import type { LoadedMod, ModRuntime, ModStartScope } from '../mod-runtime.js';
import type { ToolRegistry } from '../registries.js';
import { GuestCalls } from './guest-calls.js';
import { guestSchemaProblem } from './guest-schema.js';
import { createGuestFetch } from './guest-fetch.js';
import { createSandboxEgress } from './sandbox-egress.js';
import { createHostCapabilities } from './host-capabilities.js';
import { ModDataStore } from './mod-data-store.js';
import type { StartMessage } from './protocol.js';
import { SandboxDiagnostics } from './sandbox-diagnostics.js';
import { SandboxJobReports } from './sandbox-job-reports.js';
import type { SandboxGauges } from '../../telemetry/kernel-metrics.js';
import type { KernelTracing } from '../../telemetry/tracing.js';
import { DEFAULT_MEMORY_MB, IDLE_CPU_FRACTION, IDLE_CPU_SAMPLE_MS, IDLE_CPU_STRIKES, MAX_HOST_CALL_BYTES, MAX_PENDING_HOST_CALLS, MAX_RESPONSE_BYTES } from './sandbox-limits.js';
import { SandboxProcess, type SandboxFailure } from './sandbox-process.js';

/**
 * What the published contract says of a sandboxed mod's route: the guest answers any 2xx or 4xx
 * status with its own JSON (`respond`; the guest API has no response schemas), and the host's
 * own refusals (5xx) are the error body. So `/api/openapi.json` does not promise a 200 the route
 * may not give, and the test kit's response contract holds these routes to exactly that.
 */
const SANDBOX_ROUTE_SCHEMA = {
  response: {
    '2XX': { description: "The mod's own JSON answer: a sandboxed mod declares no response schema" },
    '4XX': { description: "The mod's own JSON refusal (its own shape), or the host's error body" },
  },
} as const;

/**
 * The kernel services the runtime uses on the mod's behalf; the guest never holds them. Tools are
 * not among them: `core.tools` compiles the input schema with the kernel's Ajv, and a guest's
 * schema is compiled only in its sandbox process (see `start`).
 */
const GUEST_DEPS = {
  http: coreServices.httpRouter,
  settings: coreServices.settings,
  secrets: coreServices.secrets,
  logger: coreServices.logger,
  egress: coreServices.egress,
  diagnostics: coreServices.diagnostics,
};

interface GuestDeps {
  http: HttpRouterService;
  settings: SettingsService;
  secrets: SecretsService;
  logger: LoggerService;
  egress: EgressGuard;
  diagnostics: DiagnosticsService;
}

export class IsolateModRuntime implements ModRuntime {
  private disposers?: DisposerStack;

  constructor(
    private readonly mod: { id: string; dir: string },
    private readonly log: Logger,
  ) {}

  /** Checks the entry only: the code is compiled when the mod starts, in its own process. */
  async load(manifest: ModManifest): Promise<LoadedMod> {
    const invalid = (reason: string) => errors.modEntryInvalid({ modId: this.mod.id, entry: manifest.entry, reason });
    if (!/\.m?js$/.test(manifest.entry)) throw invalid('a sandboxed mod is one JavaScript module (.js or .mjs); bundle TypeScript first');
    let root: string;
    let entry: string;
    try {
      root = realpathSync(this.mod.dir);
      entry = realpathSync(path.join(this.mod.dir, manifest.entry));
    } catch {
      throw invalid('the file does not exist');
    }
    if (!entry.startsWith(root + path.sep)) throw invalid("it resolves outside the mod's folder");
    // A sandboxed mod has no error catalogue of its own: its failures answer with the kernel's codes.
    return { errors: [] };
  }

  async start(scope: ModStartScope): Promise<void> {
    const { manifest } = scope;
    const modId = this.mod.id;
    const disposers = new DisposerStack((error) => this.log.error({ err: error, mod: modId }, 'dispose failed'));
    const memoryMb = manifest.sandbox?.memoryMb ?? DEFAULT_MEMORY_MB;
    const diagnostics = new SandboxDiagnostics(memoryMb * 1024 * 1024);
    const stopped = new AbortController();
    let running = false;
    const revoke = (error: SvcError) => {
      if (running) scope.revoke?.(error);
    };
    try {
      for (const added of scope.contributions()) disposers.add(added);
      const container = createModContainer(scope.container, manifest, disposers);
      const deps = scope.resolveDeps(GUEST_DEPS, container) as unknown as GuestDeps;
      const egressHosts = manifest.sandbox?.egress ?? [];
      const grantedHosts = scope.privateHosts ?? [];
      const { resolve } = scope.container.resolve<EgressGuardOptions>('kernel.egress-options');
      const sandboxEgress = createSandboxEgress({ grants: grantedHosts, policy: deps.egress.policy, resolve });
      disposers.add(toDisposable(() => sandboxEgress.close()));
      const identityHeader = scope.container.resolve<() => Promise<string | undefined>>('kernel.identity-header');
      const jobReports = manifest.contributes?.diagnostics?.jobs ? new SandboxJobReports(modId) : undefined;
      const capabilities = createHostCapabilities({
        manifest,
        jobs: jobReports,
        settings: deps.settings,
        secrets: deps.secrets,
        data: manifest.sandbox?.data ? new ModDataStore(scope.container.resolve<Database>('kernel.database').knex, modId) : undefined,
        fetch: egressHosts.length > 0 || grantedHosts.length > 0 ? createGuestFetch(modId, { declaredHosts: egressHosts, grantedHosts, egress: sandboxEgress, identityHeader, stopped: stopped.signal }) : undefined,
        log: this.log,
      });
      const guestLog = deps.logger.child({ sandboxed: true });
      const sandbox = new SandboxProcess(modId, this.mod.dir, {
        host: (op, args) => {
          const end = diagnostics.begin('capability', op);
          return capabilities(op, args).finally(end);
        },
        log: (level, message, fields) => guestLog[level](fields !== null && typeof fields === 'object' ? { fields } : {}, message),
        exit: (failure) => {
          // Between calls (or while one runs) the process ended on its own: the mod is broken.
          // A `timeout` is the kernel's kill of a call past its deadline (a worker blocked, e.g.
          // in a guest schema's pattern): that call's answer revokes, with the deadline's error.
          if (!failure || failure.kind === 'timeout') return;
          const error = failure.kind === 'cpu' ? errors.modSandboxCpuExceeded({ modId, reason: failure.message }) : errors.modSandboxFailed({ modId, reason: failure.message });
          diagnostics.fatal(error.code, false);
          revoke(error);
        },
      });
      // First in, last out: the routes and tools go before the process does.
      disposers.add(
        toDisposable(() => {
          stopped.abort();
          return sandbox.stop();
        }),
      );
      const ready = await sandbox.start(this.startMessage(manifest, scope.initTimeoutMs, memoryMb, egressHosts.length > 0 || grantedHosts.length > 0)).catch((failure: SandboxFailure) => {
        throw this.startError(manifest, failure, scope.initTimeoutMs);
      });
      const calls = new GuestCalls({ modId, sandbox, diagnostics, revoke, log: this.log });
      // `/metrics` reads the process while it runs; spans wrap each call into the sandbox.
      disposers.add(
        scope.container.resolve<SandboxGauges>('kernel.sandbox-gauges').add(modId, {
          alive: () => sandbox.alive,
          stats: () => sandbox.stats(),
          counts: () => ({ calls: diagnostics.calls, failures: diagnostics.failures, timeouts: diagnostics.timeouts }),
        }),
      );
      const tracing = scope.container.resolve<KernelTracing>('kernel.tracing');
      const traced = <T>(kind: 'route' | 'tool', name: string, call: () => Promise<T>): Promise<T> => {
        if (!tracing.enabled) return call();
        const span = tracing.start(`sandbox ${kind} ${modId}.${name}`, { kind: 'client', attributes: { 'svc.mod.id': modId, 'svc.sandbox.call': kind, 'svc.sandbox.name': name } });
        return tracing.within(span, call).then(
          (value) => {
            span.end();
            return value;
          },
          (error: unknown) => {
            span.fail(isSvcError(error) ? error.code : 'mod_sandbox_failed');
            span.end();
            throw error;
          },
        );
      };
      const table = scope.container.resolve<RouteTable>('kernel.routes');
      for (const routeId of ready.routes) {
        const deadlineMs = table.list().find((r) => r.owner === modId && r.routeId === routeId)?.deadlineMs ?? DEFAULT_DEADLINE_MS;
        deps.http.route(routeId, { schema: SANDBOX_ROUTE_SCHEMA, handler: (request) => traced('route', routeId, () => calls.route(routeId, deadlineMs, request)) });
      }
      // Registered as `core.tools` would, except the schema: the kernel only checks it is bounded
      // JSON (it is what a model is shown); the sandbox process validates each input against it.
      const toolRegistry = scope.container.resolve<ToolRegistry>('kernel.tool-registry');
      for (const tool of ready.tools) {
        const declared = manifest.contributes?.tools?.find((t) => t.name === tool.name);
        if (!declared) throw errors.modContributionUndeclared({ modId, kind: 'tool', name: tool.name });
        const problem = guestSchemaProblem(tool.inputSchema);
        if (problem) throw errors.modInitFailed({ modId, reason: `tool ${tool.name}: its inputSchema is refused (${problem})` });
        disposers.add(
          toolRegistry.add({
            name: `mod.${modId}.${tool.name}`,
            modId,
            title: declared.title,
            description: declared.description,
            inputSchema: tool.inputSchema,
            invoke: (input, context) => traced('tool', tool.name, () => calls.tool(tool.name, declared.deadlineMs, input, context)),
          }),
        );
      }
      // One provider per mod: the sandbox's own pending operations and the jobs the guest reported.
      if (manifest.contributes?.diagnostics?.pending || jobReports) {
        deps.diagnostics.provide({
          ...(manifest.contributes?.diagnostics?.pending
            ? diagnostics.provider(
                () => sandbox.stats(),
                () => sandbox.alive,
              )
            : {}),
          ...(jobReports ? jobReports.provider() : {}),
        });
      }
      running = true;
    } catch (error) {
      await disposers.dispose();
      throw isSvcError(error) ? error : errors.modInitFailed({ modId, reason: (error as Error).message });
    }
    this.disposers = disposers;
  }

  async stop(): Promise<void> {
    const disposers = this.disposers;
    this.disposers = undefined;
    await disposers?.dispose();
  }

  private startMessage(manifest: ModManifest, initTimeoutMs: number, memoryMb: number, fetch: boolean): StartMessage {
    const contributes = manifest.contributes ?? {};
    return {
      t: 'start',
      modId: this.mod.id,
      dir: this.mod.dir,
      entry: manifest.entry,
      memoryMb,
      initTimeoutMs,
      api: {
        manifest,
        routes: (contributes.routes ?? []).map((r) => r.id),
        tools: (contributes.tools ?? []).map((t) => t.name),
        data: manifest.sandbox?.data === true,
        fetch,
        jobs: contributes.diagnostics?.jobs === true,
      },
      limits: {
        responseBytes: MAX_RESPONSE_BYTES,
        hostCallBytes: MAX_HOST_CALL_BYTES,
        maxPendingHostCalls: MAX_PENDING_HOST_CALLS,
        idleCpu: { sampleMs: IDLE_CPU_SAMPLE_MS, fraction: IDLE_CPU_FRACTION, strikes: IDLE_CPU_STRIKES },
      },
    };
  }

  private startError(manifest: ModManifest, failure: SandboxFailure, initTimeoutMs: number): SvcError {
    const modId = this.mod.id;
    switch (failure.kind) {
      case 'timeout':
        return errors.modInitTimeout({ modId, timeoutMs: initTimeoutMs });
      case 'invalid':
        return errors.modEntryInvalid({ modId, entry: manifest.entry, reason: failure.message });
      case 'thrown':
        return errors.modInitFailed({ modId, reason: failure.message });
      case 'cpu':
        return errors.modSandboxCpuExceeded({ modId, reason: failure.message });
      default:
        return errors.modSandboxFailed({ modId, reason: failure.message });
    }
  }
}
