import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, redactDatabaseUrl, tracingConfig } from '../../kernel/config.js';

describe('config', () => {
  it('defaults to loopback, port 42817 and .svc-data in the working directory', () => {
    const config = loadConfig({}, '/srv/app');
    expect(config.host).toBe('127.0.0.1');
    expect(config.port).toBe(42817);
    expect(config.dataDir).toBe(path.resolve('/srv/app', '.svc-data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.logLevel).toBe('info');
    expect(config.pgliteSharedBuffersMb).toBe(32);
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        SVC_HOST: '0.0.0.0',
        SVC_PORT: '8080',
        SVC_DATA_DIR: '/data',
        DATABASE_URL: 'postgres://a@h/db',
        SVC_LOG_LEVEL: 'debug',
        SVC_SMOKE_TOKEN: 't',
        SVC_SHUTDOWN_TIMEOUT_MS: '500',
        SVC_SETTINGS_KEY: 'k'.repeat(20),
        SVC_MOD_ENABLE_TIMEOUT_MS: '2000',
        SVC_PGLITE_SHARED_BUFFERS_MB: '128',
      },
      '/x',
    );
    expect(config).toMatchObject({
      host: '0.0.0.0',
      port: 8080,
      dataDir: '/data',
      databaseUrl: 'postgres://a@h/db',
      logLevel: 'debug',
      smokeToken: 't',
      shutdownTimeoutMs: 500,
      modEnableTimeoutMs: 2000,
      pgliteSharedBuffersMb: 128,
    });
  });

  it.each([
    [{ SVC_PORT: 'abc' }, /SVC_PORT/],
    [{ SVC_PORT: '70000' }, /SVC_PORT/],
    [{ SVC_LOG_LEVEL: 'loud' }, /SVC_LOG_LEVEL/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL/],
    [{ SVC_SHUTDOWN_TIMEOUT_MS: '-1' }, /SVC_SHUTDOWN_TIMEOUT_MS/],
    [{ SVC_PGLITE_SHARED_BUFFERS_MB: '0' }, /SVC_PGLITE_SHARED_BUFFERS_MB/],
    [{ SVC_PGLITE_SHARED_BUFFERS_MB: '32MB' }, /SVC_PGLITE_SHARED_BUFFERS_MB/],
  ])('refuses %o with a clear message', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('prints a database URL without its password or query', () => {
    expect(redactDatabaseUrl('postgres://user:hunter2@db.local:5432/svc?sslmode=require')).toBe('postgres://user@db.local:5432/svc');
  });

  it('reads the batch span processor from the standard OTEL_BSP_* variables, the SDK defaults otherwise', () => {
    expect(tracingConfig({}).batch).toEqual({ scheduledDelayMillis: 5000, maxQueueSize: 2048, maxExportBatchSize: 512, exportTimeoutMillis: 30_000 });
    expect(tracingConfig({ OTEL_BSP_SCHEDULE_DELAY: '200', OTEL_BSP_MAX_QUEUE_SIZE: '100', OTEL_BSP_MAX_EXPORT_BATCH_SIZE: '500', OTEL_BSP_EXPORT_TIMEOUT: '1000' }).batch).toEqual({
      scheduledDelayMillis: 200,
      maxQueueSize: 100,
      // Never more than the queue holds.
      maxExportBatchSize: 100,
      exportTimeoutMillis: 1000,
    });
    expect(() => tracingConfig({ OTEL_BSP_SCHEDULE_DELAY: 'soon' })).toThrow(ConfigError);
    expect(() => tracingConfig({ OTEL_BSP_MAX_QUEUE_SIZE: '0' })).toThrow(ConfigError);
  });
});
