/** Plain one-line logs on stdout/stderr: `2026-11-22T10:00:00.000Z INFO message key=value`. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

function format(fields?: Record<string, unknown>): string {
  if (!fields) return '';
  return Object.entries(fields)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => {
      const text = value instanceof Error ? value.message : typeof value === 'string' ? value : JSON.stringify(value);
      return ` ${key}=${/[\s"]/.test(text) ? JSON.stringify(text) : text}`;
    })
    .join('');
}

export function createLogger(minimum: LogLevel = (process.env.LOG_LEVEL as LogLevel) || 'info'): Logger {
  const threshold = ORDER[minimum] ?? ORDER.info;
  const write = (level: LogLevel) => (message: string, fields?: Record<string, unknown>) => {
    if (ORDER[level] < threshold) return;
    const line = `${new Date().toISOString()} ${level.toUpperCase()} ${message}${format(fields)}\n`;
    (level === 'error' || level === 'warn' ? process.stderr : process.stdout).write(line);
  };
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}

