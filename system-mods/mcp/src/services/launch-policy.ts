/**
 * The launch policy of stdio servers, from the operator's execution boundaries (the settings
 * mod's `settings.execution-boundaries` service, read on every check so a change applies to the
 * next start). Without that service nothing tells what may run, so no stdio server starts.
 */
import type { OptionalService } from '../../../../sdk/index.js';
import type { ExecutionBoundariesService } from '../../../settings/src/contract.js';
import { mcpErrors as errors } from '../errors.js';
import type { StdioLaunchPolicy } from './connection-manager.js';

export function stdioLaunchPolicy(boundaries: OptionalService<ExecutionBoundariesService>): StdioLaunchPolicy {
  return {
    async check(command, args) {
      const service = boundaries.get();
      if (!service) throw errors.mcpExecutionUnavailable({ reason: 'the execution boundaries are not available (the settings mod is not enabled)' });
      const refusal = await service.commandRefusal(command, args);
      if (refusal) throw errors.mcpCommandBlocked({ patternIndex: refusal.patternIndex }, { details: { patternIndex: refusal.patternIndex } });
      return { maxUseMs: (await service.get()).maxCommandSeconds * 1000 };
    },
  };
}
