/**
 * `process_run`: an agent whose execution environment is `{kind: 'remote', providerId:
 * 'exec-gateway', targetId: <gatewayId>, workspaceRoot}` runs a process on that gateway, in its
 * workspace root (a directory inside the gateway's workdir). The run's cancel (the handler's
 * signal) cancels the operation on the gateway.
 */
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { OptionalService, ToolBinding } from '../../../../sdk/index.js';
import type { AgentsService } from '../../../agents/src/contract.js';
import { gatewayErrors as errors } from '../errors.js';
import type { Operations } from '../services/operations.js';

const MODEL_TAIL_CHARS = 16_000;
const MOD_ID = 'exec-gateway';

export function processTool(operations: Operations, agents: OptionalService<AgentsService>): Record<string, ToolBinding> {
  return {
    process_run: {
      inputSchema: {
        type: 'object',
        additionalProperties: false,
        properties: {
          command: { type: 'string', minLength: 1, maxLength: 65536, description: 'A shell command line' },
          executable: { type: 'string', minLength: 1, maxLength: 4096, description: 'A program to run with args (instead of command)' },
          args: { type: 'array', maxItems: 1024, items: { type: 'string', maxLength: 65536 } },
          cwd: { type: 'string', maxLength: 4096, description: 'A directory relative to the workspace root' },
          timeoutMs: { type: 'integer', minimum: 1, maximum: 3_600_000 },
        },
      },
      handler: async (input: { command?: string; executable?: string; args?: string[]; cwd?: string; timeoutMs?: number }, ctx) => {
        const service = agents.get();
        const agent = service ? await service.get(ctx.agentId) : undefined;
        const env = agent?.executionEnvironment;
        if (!env || env.kind !== 'remote' || env.providerId !== MOD_ID) {
          throw errors.gatewayAgentEnvironmentMismatch({ agentId: ctx.agentId, reason: 'its execution environment does not name the exec-gateway mod' });
        }
        const root = path.posix.normalize(env.workspaceRoot || '/');
        const cwd = path.posix.normalize(path.posix.join(root, input.cwd ?? '.'));
        if (cwd !== root && !cwd.startsWith(root.endsWith('/') ? root : `${root}/`)) throw errors.gatewayProcessRequestInvalid({ reason: 'cwd leaves the workspace root' });
        const operationId = `run.${ctx.runId
          .toLowerCase()
          .replace(/[^a-z0-9._:-]/g, '-')
          .slice(0, 200)}.${randomBytes(6).toString('hex')}`;
        const { command, executable, args, timeoutMs } = input;
        const result = await operations.dispatch(env.targetId, operationId, { command, executable, args, cwd, timeoutMs }, { wait: true, waitMs: 590_000, signal: ctx.signal, agentId: ctx.agentId, runId: ctx.runId });
        const op = result.dispatch.response;
        return {
          operationId: result.operationId,
          state: op.state,
          exitCode: op.exitCode,
          signal: op.signal,
          stdout: op.stdout.slice(-MODEL_TAIL_CHARS),
          stderr: op.stderr.slice(-MODEL_TAIL_CHARS),
          truncated: op.outputTruncated || op.stdout.length > MODEL_TAIL_CHARS || op.stderr.length > MODEL_TAIL_CHARS,
        };
      },
    },
  };
}
