/**
 * Operator-wide settings (provided by the `settings` system mod): the operator's identity and
 * time zone. Setup writes the identity in its own transaction through this service.
 */
import type { Knex } from 'knex';
import { createServiceRef } from '../service-ref.js';

/** The operator as shown in the UI. @public */
export interface OperatorIdentity {
  name: string;
  avatar: string | null;
}

/** Operator settings other mods read or write. @public */
export interface OperatorSettingsService {
  /** The operator identity, or undefined before setup wrote one. */
  operator(trx?: Knex.Transaction): Promise<OperatorIdentity | undefined>;
  setOperator(identity: OperatorIdentity, trx?: Knex.Transaction): Promise<OperatorIdentity>;
  /** The operator's IANA time zone (default `UTC`). */
  timezone(trx?: Knex.Transaction): Promise<string>;
}

/** @public */
export const operatorSettingsServiceRef = createServiceRef<OperatorSettingsService>({ id: 'settings.operator' });
