/**
 * The kernel's services as typed refs, with their interfaces: one file per service in
 * `sdk/core/`, re-exported here for the modules that import this path.
 */
export * from './core/index.js';
