import { createLogger, loadConfig } from '@oppslag/api/core';
import { type SmsProviderFake, startSveveApiFake, startTwilioApiFake } from '@oppslag/api/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmsProvider } from './index';
import { SmsSendError } from './provider';
import { sveveSmsProvider } from './sveve.provider';
import { twilioSmsProvider } from './twilio.provider';

describe('outbound SMS providers against fakes of their APIs', () => {
  let twilio: SmsProviderFake;
  let sveve: SmsProviderFake;
  beforeAll(async () => {
    twilio = await startTwilioApiFake('AC123', 'secret-token');
    sveve = await startSveveApiFake('oppslag', 'sveve-pass');
  });
  afterAll(async () => {
    await twilio.close();
    await sveve.close();
  });

  it('Twilio: posts To/From/Body in E.164 with basic auth, and reports API errors', async () => {
    const provider = twilioSmsProvider({
      apiUrl: twilio.url,
      accountSid: 'AC123',
      authToken: 'secret-token',
      from: '004722222222',
    });
    await provider.send('004791234567', 'Hei');
    expect(twilio.sent).toEqual([{ to: '+4791234567', from: '+4722222222', text: 'Hei' }]);
    const wrong = twilioSmsProvider({
      apiUrl: twilio.url,
      accountSid: 'AC123',
      authToken: 'bad',
      from: '2222',
    });
    const err = await wrong.send('004791234567', 'x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SmsSendError);
    expect((err as SmsSendError).status).toBe(401);
  });

  it('Sveve: posts the JSON send request and treats fatalError as a failure', async () => {
    const url = `${sveve.url}/SMS/SendMessage`;
    await sveveSmsProvider({ apiUrl: url, user: 'oppslag', password: 'sveve-pass', from: 'Oppslag' }).send(
      '004791234567',
      'Hei',
    );
    expect(sveve.sent).toEqual([{ to: '4791234567', from: 'Oppslag', text: 'Hei' }]);
    const bad = sveveSmsProvider({ apiUrl: url, user: 'oppslag', password: 'wrong', from: 'Oppslag' });
    await expect(bad.send('004791234567', 'x')).rejects.toThrow('Feil brukernavn/passord');
  });

  it('chooses the provider from configuration, log by default, and refuses missing credentials', () => {
    const logger = createLogger('silent');
    const base = { DATA_DIR: '/tmp/oppslag-provider-test', JWT_SECRET: 'x'.repeat(32) };
    expect(createSmsProvider(loadConfig(base), logger).name).toBe('log');
    expect(
      createSmsProvider(
        loadConfig({ ...base, SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 't' }),
        logger,
      ).name,
    ).toBe('twilio');
    expect(() => createSmsProvider(loadConfig({ ...base, SMS_PROVIDER: 'sveve' }), logger)).toThrow(
      /SVEVE_USER/,
    );
  });
});
