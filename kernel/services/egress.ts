/** `core.egress`: the one guard every outbound request of the kernel and the mods goes through. */
import type { EgressGuard } from '../../sdk/core/egress.js';
import { createEgressGuard, DEFAULT_EGRESS_POLICY } from '../egress/egress-guard.js';
import type { RootServiceDefinition } from './kernel-service.js';

export const egressService: RootServiceDefinition<EgressGuard> = {
  id: 'core.egress',
  scope: 'root',
  // The operator's policy (`SVC_EGRESS_*`); the options only change how names resolve (tests).
  build: (c) => createEgressGuard(c['kernel.config'].egress ?? DEFAULT_EGRESS_POLICY, c['kernel.egress-options']),
};
