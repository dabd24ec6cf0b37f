// The `sms/inbound` job (started by the relay for `sms.received` events): the SMS domain claims and
// routes the messages in units of work (api/src/domain/sms/inbound-batch.ts); the worker only runs it.
export {
  processInboundSms,
  processInboundSmsBatch,
  SMS_BATCH_SIZE,
  type SmsOutcome,
} from '@oppslag/api/core';
