import { Writable } from 'node:stream';
import type { Logger } from 'pino';
import { z } from 'zod';
import { createLogger } from '../lib/logger';

/** A pino line: one JSON object. */
const logLine = z.record(z.string(), z.unknown());

export interface LogCapture {
  /** A logger made like every process's (createLogger), writing here instead of stdout. */
  logger: Logger;
  /** Everything written so far, as written. */
  text(): string;
  /** Every line so far, parsed. */
  lines(): Record<string, unknown>[];
}

/** Captures a logger's finished lines (after redaction), for tests of what reaches a log. */
export function captureLogs(level = 'trace'): LogCapture {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  const text = () => chunks.join('');
  return {
    logger: createLogger(level, 'test', stream),
    text,
    lines: () =>
      text()
        .split('\n')
        .filter(Boolean)
        .map((l) => logLine.parse(JSON.parse(l))),
  };
}
