// Routes the Temporal SDK's own logs (worker lifecycle, workflow bundling, core) into pino, so a
// process writes one log format. The SDK is chatty at INFO (webpack statistics at every start),
// so below WARN it only speaks when the service itself logs at debug or trace.
import type { Logger as SdkLogger, LogLevel, LogMetadata } from '@temporalio/common';
import type { Logger } from 'pino';

const pinoLevel = { TRACE: 'trace', DEBUG: 'debug', INFO: 'info', WARN: 'warn', ERROR: 'error' } as const;

export function temporalLogger(logger: Logger): SdkLogger {
  const verbose = logger.isLevelEnabled('debug');
  const log = (level: LogLevel, message: string, meta?: LogMetadata) => {
    if (!verbose && (level === 'INFO' || level === 'DEBUG' || level === 'TRACE')) return;
    logger[pinoLevel[level]]({ ...meta, component: 'temporal-sdk' }, message);
  };
  return {
    log,
    trace: (message, meta) => log('TRACE', message, meta),
    debug: (message, meta) => log('DEBUG', message, meta),
    info: (message, meta) => log('INFO', message, meta),
    warn: (message, meta) => log('WARN', message, meta),
    error: (message, meta) => log('ERROR', message, meta),
  };
}
