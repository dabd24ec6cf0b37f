export type Config = ReturnType<typeof loadConfig>;
/** Reads configuration from the environment; throws with a clear message on bad values. */
export declare function loadConfig(env?: NodeJS.ProcessEnv): {
  port: number;
  publicUrl: string;
  databaseUrl: string | undefined;
  redisUrl: string;
  redisPrefix: string;
  jwtSecret: string;
  jwtTtlSeconds: number;
  jwtKeyId: string;
  jwtPreviousSecrets: Record<string, string>;
  featureSet: 'styretavla' | 'oppslag';
  demoData: boolean;
  dataDir: string;
  assetStorage: 'disk' | 'database';
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  smsNumber: string;
  hashidAlphabet: string | undefined;
  entur: {
    geocoderUrl: string;
    journeyPlannerUrl: string;
    clientName: string;
  };
  met: {
    url: string;
    userAgent: string;
  };
  sms: {
    provider: 'log' | 'twilio' | 'sveve';
    twilioAuthToken: string | undefined;
    twilioAccountSid: string | undefined;
    twilioApiUrl: string;
    sveveSecret: string | undefined;
    sveveUser: string | undefined;
    svevePassword: string | undefined;
    sveveApiUrl: string;
    webhookSecret: string;
  };
  corsOrigins: string[];
  trustProxy: number;
  bindHost: string | undefined;
  metricsToken: string | undefined;
  logLevel: 'error' | 'info' | 'fatal' | 'warn' | 'debug' | 'trace' | 'silent';
  production: boolean;
};
