import { z } from 'zod';
import { clockMinutes } from './oslo-time';
import { clockTimeSchema } from './quiet-hours';

/**
 * Emergency alerts ("Akuttvarsel", issue 16): ready templates in Norwegian and English, or free
 * text. One rendering rule (`alertText`) serves the player, the SMS and the console preview.
 */
export const ALERT_TEMPLATES = [
  'water-leak',
  'power-cut',
  'lift-out-of-order',
  'fire-alarm',
  'water-shut-off',
] as const;
export type AlertTemplate = (typeof ALERT_TEMPLATES)[number];
export type AlertLanguage = 'no' | 'en';

interface TemplateText {
  title: string;
  text: string;
}

/** The templates' words; `{time}` becomes " fra 10:00 til 14:00" / " from 10:00 to 14:00" or nothing. */
export const ALERT_TEMPLATE_TEXTS: Record<AlertTemplate, Record<AlertLanguage, TemplateText>> = {
  'water-leak': {
    no: {
      title: 'Vannlekkasje',
      text: 'Det er en vannlekkasje i bygget{time}. Hold avstand og meld fra til styret.',
    },
    en: {
      title: 'Water leak',
      text: 'There is a water leak in the building{time}. Keep clear and tell the board.',
    },
  },
  'power-cut': {
    no: { title: 'Strømbrudd', text: 'Strømmen er borte{time}. Bruk trappen, ikke heisen.' },
    en: { title: 'Power cut', text: 'The power is out{time}. Use the stairs, not the lift.' },
  },
  'lift-out-of-order': {
    no: { title: 'Heis ute av drift', text: 'Heisen er ute av drift{time}. Bruk trappen.' },
    en: { title: 'Lift out of order', text: 'The lift is out of order{time}. Please use the stairs.' },
  },
  'fire-alarm': {
    no: {
      title: 'Brannalarm – evakuer',
      text: 'Forlat bygget nå via nærmeste trapp{time}. Ikke bruk heisen. Ring 110.',
    },
    en: {
      title: 'Fire alarm – evacuate',
      text: 'Leave the building now by the nearest stairs{time}. Do not use the lift. Call 110.',
    },
  },
  'water-shut-off': {
    no: { title: 'Vannet stengt', text: 'Vannet er stengt{time}. Fyll opp vann på forhånd.' },
    en: { title: 'Water shut off', text: 'The water is shut off{time}. Draw some water beforehand.' },
  },
};

/** What a screen's all-clear card says after an alert is cleared. */
export const ALL_CLEAR_TEXT: Record<AlertLanguage, TemplateText> = {
  no: { title: 'Alt i orden', text: 'Varselet er opphevet.' },
  en: { title: 'All clear', text: 'The alert has been lifted.' },
};

/** How long a screen shows the all-clear card after an alert is cleared. */
export const ALL_CLEAR_MS = 3 * 60_000;

const TITLE_MAX = 80;
const TEXT_MAX = 500;

/**
 * `POST /api/entities/{id}/alerts`: a template (with optional `from`/`to` times), or free text
 * (`title` and/or `text`); a template's words may be replaced by a title or text of one's own.
 * `expiresAt` is an instant in the future; without it the alert holds until it is cleared.
 */
export const alertInputSchema = z
  .strictObject({
    template: z.enum(ALERT_TEMPLATES, { error: 'Template is not one of accepted values' }).optional(),
    title: z
      .string()
      .trim()
      .max(TITLE_MAX, `Title cannot be more than ${TITLE_MAX} characters long`)
      .optional(),
    text: z.string().trim().max(TEXT_MAX, `Text cannot be more than ${TEXT_MAX} characters long`).optional(),
    from: clockTimeSchema.optional(),
    to: clockTimeSchema.optional(),
    expiresAt: z.iso.datetime({ offset: true, error: 'Expiry must be a date and time' }).optional(),
  })
  .superRefine((input, ctx) => {
    if (!input.template && !input.title && !input.text)
      ctx.addIssue({ code: 'custom', path: ['text'], message: 'Choose a template or write a text' });
    // "fra 14:00 til 10:00" reads as nonsense on the screen: the end comes after the start.
    if (input.from && input.to && clockMinutes(input.to) <= clockMinutes(input.from))
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: 'The end time must be after the start time',
        params: { fieldCode: 'end_before_start' },
      });
  });
export type AlertInput = z.infer<typeof alertInputSchema>;

/** An alert as the console and the player get it. */
export const alertSchema = z.object({
  id: z.number().int(),
  entityId: z.number().int(),
  template: z.enum(ALERT_TEMPLATES).nullable(),
  title: z.string().nullable(),
  text: z.string().nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  clearedAt: z.string().nullable(),
});
export type Alert = z.infer<typeof alertSchema>;

function timePhrase(alert: Pick<Alert, 'from' | 'to'>, language: AlertLanguage): string {
  const [fromWord, toWord] = language === 'en' ? ['from', 'to'] : ['fra', 'til'];
  if (alert.from && alert.to) return ` ${fromWord} ${alert.from} ${toWord} ${alert.to}`;
  if (alert.from) return ` ${fromWord} ${alert.from}`;
  if (alert.to) return ` ${toWord} ${alert.to}`;
  return '';
}

/**
 * The title and text of an alert in a language: the template's words with the time fields, unless
 * the alert has its own title or text (free text is shown as written, in every language).
 */
export function alertText(
  alert: Pick<Alert, 'template' | 'title' | 'text' | 'from' | 'to'>,
  language: AlertLanguage,
): TemplateText {
  const template = alert.template ? ALERT_TEMPLATE_TEXTS[alert.template][language] : null;
  const time = timePhrase(alert, language);
  const title = alert.title || template?.title || (language === 'en' ? 'Alert' : 'Varsel');
  let text: string;
  if (alert.text) text = template || !time ? alert.text : `${alert.text} –${time}`;
  else text = template ? template.text.replace('{time}', time) : time.trim();
  return { title, text };
}

/** Whether an alert is in force at `now` (not cleared, not expired). */
export const alertActive = (alert: Pick<Alert, 'clearedAt' | 'expiresAt'>, now: number) =>
  alert.clearedAt === null && (alert.expiresAt === null || Date.parse(alert.expiresAt) > now);
