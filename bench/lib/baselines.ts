/** Shared between the baseline servers (separate processes) and the benchmarks that load them. */

/** The bearer token the bare Fastify authenticated route accepts. */
export const BARE_BEARER = 'bare-benchmark-token-0123456789abcdef';
