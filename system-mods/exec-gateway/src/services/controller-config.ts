/**
 * The controller's listener settings (one row) and its TLS material. Key, certificate and CA are
 * write-only secrets of the mod; the row keeps only what the operator may see of them
 * (fingerprints, subject, issuer, validity).
 */
import { createPrivateKey, X509Certificate } from 'node:crypto';
import type { ModDatabaseService as Database, SecretsService } from '../../../../sdk/index.js';
import { gatewayErrors as errors } from '../errors.js';

export interface ControllerSettings {
  enabled: boolean;
  host: string;
  port: number;
}

export interface CertificateMetadata {
  fingerprint256: string;
  subject: string;
  issuer: string;
  validFrom: string;
  validTo: string;
  subjectAltName: string | null;
}

export interface TlsMetadata {
  cert: CertificateMetadata;
  ca: CertificateMetadata | null;
  keyType: string;
  updatedAt: string;
}

export interface TlsMaterial {
  key: string;
  cert: string;
  ca?: string;
}

const SECRET = { key: 'controller.tls.key', cert: 'controller.tls.cert', ca: 'controller.tls.ca' } as const;

function metadataOf(pem: string, what: string): CertificateMetadata {
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(pem);
  } catch (error) {
    throw errors.gatewayTlsInvalid({ reason: `${what} is not a PEM certificate (${(error as Error).message})` });
  }
  return {
    fingerprint256: cert.fingerprint256,
    subject: cert.subject,
    issuer: cert.issuer,
    validFrom: new Date(cert.validFrom).toISOString(),
    validTo: new Date(cert.validTo).toISOString(),
    subjectAltName: cert.subjectAltName ?? null,
  };
}

export class ControllerConfig {
  private readonly table: string;

  constructor(
    private readonly db: Database,
    private readonly secrets: SecretsService,
  ) {
    this.table = db.table('controller');
  }

  async get(): Promise<ControllerSettings & { tls: TlsMetadata | null }> {
    const row = await this.db.knex(this.table).first();
    return { enabled: row.enabled, host: row.host, port: row.port, tls: row.tls ? (typeof row.tls === 'string' ? JSON.parse(row.tls) : row.tls) : null };
  }

  async put(settings: ControllerSettings): Promise<void> {
    await this.db.knex(this.table).update({ enabled: settings.enabled, host: settings.host, port: settings.port, updated_at: new Date() });
  }

  /** Checks the material (PEM parses, the key matches the certificate) and stores it. */
  async putTls(material: TlsMaterial): Promise<TlsMetadata> {
    const cert = metadataOf(material.cert, 'cert');
    const ca = material.ca ? metadataOf(material.ca, 'ca') : null;
    let keyType: string;
    try {
      const key = createPrivateKey(material.key);
      keyType = key.asymmetricKeyType ?? 'unknown';
      if (!new X509Certificate(material.cert).checkPrivateKey(key)) throw new Error('the key does not belong to the certificate');
    } catch (error) {
      throw errors.gatewayTlsInvalid({ reason: `key: ${(error as Error).message}` });
    }
    const metadata: TlsMetadata = { cert, ca, keyType, updatedAt: new Date().toISOString() };
    await this.secrets.set(SECRET.key, material.key);
    await this.secrets.set(SECRET.cert, material.cert);
    if (material.ca) await this.secrets.set(SECRET.ca, material.ca);
    else await this.secrets.delete(SECRET.ca);
    await this.db.knex(this.table).update({ tls: JSON.stringify(metadata), updated_at: new Date() });
    return metadata;
  }

  async deleteTls(): Promise<void> {
    for (const name of Object.values(SECRET)) await this.secrets.delete(name);
    await this.db.knex(this.table).update({ tls: null, updated_at: new Date() });
  }

  /** The stored material, for the listener only. */
  async material(): Promise<TlsMaterial | undefined> {
    const [key, cert, ca] = await Promise.all([this.secrets.get(SECRET.key), this.secrets.get(SECRET.cert), this.secrets.get(SECRET.ca)]);
    return key && cert ? { key, cert, ...(ca ? { ca } : {}) } : undefined;
  }
}
