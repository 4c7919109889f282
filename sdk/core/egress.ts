/**
 * `core.egress`: the egress guard every outbound HTTP request goes through (policy from `SVC_EGRESS_*`).
 */
import type { EgressGuard } from '../egress.js';
import { createServiceRef } from '../service-ref.js';

/** @public */
export type { EgressGuard as EgressService, EgressPolicy } from '../egress.js';

/** The egress guard every outbound HTTP request goes through (policy from `SVC_EGRESS_*`). @public */
export const egressServiceRef = createServiceRef<EgressGuard>({ id: 'core.egress' });
