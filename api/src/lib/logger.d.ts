import { type Logger } from 'pino';
/** Paths never written to logs: credentials, keys and residents' phone numbers. */
export declare const REDACT_PATHS: string[];
export declare function createLogger(level: string, name?: string): Logger;
