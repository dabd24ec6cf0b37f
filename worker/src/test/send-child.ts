// One `sms/send` hand-over in a process of its own, so a test can SIGKILL the worker between the
// provider accepting a message and the worker recording it (worker/src/processors/sms-send.kill.test.ts).
import { createOutboxSignal, openDatabase } from '@oppslag/api/core';
import { sendOutboundSms } from '../processors/sms-send.processor';
import type { SveveOptions } from '../sms/providers/sveve.provider';
import { sveveSmsProvider } from '../sms/providers/sveve.provider';
import { type TwilioOptions, twilioSmsProvider } from '../sms/providers/twilio.provider';

const args = JSON.parse(process.argv[2] ?? '{}') as {
  databaseUrl: string;
  outboundId: number;
  provider: { name: 'twilio'; options: TwilioOptions } | { name: 'sveve'; options: SveveOptions };
};
const database = await openDatabase({ url: args.databaseUrl, poolSize: 2 });
const provider =
  args.provider.name === 'twilio'
    ? twilioSmsProvider(args.provider.options)
    : sveveSmsProvider(args.provider.options);
// A hand-over records no events: the signal wakes nothing here.
await sendOutboundSms(
  { database, now: () => new Date(), outbox: createOutboxSignal() },
  provider,
  args.outboundId,
);
await database.close();
