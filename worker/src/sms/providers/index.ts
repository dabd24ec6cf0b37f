import type { Config } from '@oppslag/api/core';
import type { Logger } from 'pino';
import { logSmsProvider } from './log.provider';
import type { SmsProvider } from './provider';
import { sveveSmsProvider } from './sveve.provider';
import { twilioSmsProvider } from './twilio.provider';

export { type SmsProvider, SmsSendError, type SmsSent } from './provider';

/** The outbound provider chosen by SMS_PROVIDER; a provider missing its credentials stops start-up. */
export function createSmsProvider(config: Config, logger: Logger): SmsProvider {
  const { sms } = config;
  switch (sms.provider) {
    case 'twilio':
      if (!sms.twilioAccountSid || !sms.twilioAuthToken)
        throw new Error('SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN');
      return twilioSmsProvider({
        apiUrl: sms.twilioApiUrl,
        accountSid: sms.twilioAccountSid,
        authToken: sms.twilioAuthToken,
        from: config.smsNumber,
      });
    case 'sveve':
      if (!sms.sveveUser || !sms.svevePassword)
        throw new Error('SMS_PROVIDER=sveve needs SVEVE_USER and SVEVE_PASSWORD');
      return sveveSmsProvider({
        apiUrl: sms.sveveApiUrl,
        user: sms.sveveUser,
        password: sms.svevePassword,
        from: config.smsNumber,
      });
    default:
      return logSmsProvider(logger);
  }
}
