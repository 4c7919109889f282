/**
 * Helpers a mod may use but need not: reusable implementations written once for every mod
 * (abort races, a read-through cache, a periodic ticker, the heartbeat loop of rows a process
 * is working on). They are not the contract a mod codes against, which is `sdk/index.ts`.
 * Helpers that need Node's file system or crypto are imported from their own files
 * (`cursor-signer.ts`, `workspace-files.ts`); the model provider adapter kit is `providers/`.
 *
 * @packageDocumentation
 */
export * from './abort.js';
export * from './read-cache.js';
export * from './ticker.js';
export * from './liveness.js';
