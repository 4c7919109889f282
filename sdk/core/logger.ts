/**
 * `core.logger`: logger labelled with the mod id.
 */
import { createServiceRef } from '../service-ref.js';

/** Structured logger (pino-compatible call shapes). @public */
export interface LoggerService {
  debug(obj: object | string, msg?: string): void;
  info(obj: object | string, msg?: string): void;
  warn(obj: object | string, msg?: string): void;
  error(obj: object | string, msg?: string): void;
  child(bindings: Record<string, unknown>): LoggerService;
}

/** Logger labelled with the mod id. @public */
export const loggerServiceRef = createServiceRef<LoggerService>({ id: 'core.logger', scope: 'mod' });
