/** The built-in banner templates of content spec §3: artwork served by the API, text typed on top. */
export const TEMPLATE_CATEGORIES = ['general', 'rules', 'hse', 'seasonal'] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];
/** The category selector of the banner editor: every category, or one of them. */
export const TEMPLATE_FILTERS = ['all', ...TEMPLATE_CATEGORIES] as const;
export type TemplateFilter = (typeof TEMPLATE_FILTERS)[number];

export interface BuiltInTemplate {
  id: string;
  category: TemplateCategory;
  /** Colour of the template text drawn over the artwork. */
  fontColor: string;
  name: { en: string; no: string };
}

/** Light text sits on the dark artwork; the bunny's pale spring background takes dark text. */
export const TEMPLATE_LIGHT_TEXT = '#ffffff';
export const TEMPLATE_DARK_TEXT = '#1f2933';

const t = (
  id: string,
  category: TemplateCategory,
  en: string,
  no: string,
  fontColor = TEMPLATE_LIGHT_TEXT,
) => ({
  id,
  category,
  fontColor,
  name: { en, no },
});

export const BUILT_IN_TEMPLATES: readonly BuiltInTemplate[] = [
  t('bunny', 'seasonal', 'Easter', 'Påske', TEMPLATE_DARK_TEXT),
  t('17-may', 'seasonal', 'Constitution Day', '17. mai'),
  t('autumn', 'seasonal', 'Autumn', 'Høst'),
  t('halloween', 'seasonal', 'Halloween', 'Halloween'),
  t('summer', 'seasonal', 'Summer', 'Sommer'),
  t('winter', 'seasonal', 'Winter', 'Vinter'),
  t('barbequing', 'rules', 'Barbecuing', 'Grilling'),
  t('cigarette', 'rules', 'Smoking', 'Røyking'),
  t('clear-exits', 'rules', 'Keep exits clear', 'Frie rømningsveier'),
  t('close-door', 'rules', 'Close the door', 'Lukk døren'),
  t('dog-backyard', 'rules', 'Dogs in the yard', 'Hund i bakgården'),
  t('dugnad', 'rules', 'Dugnad', 'Dugnad'),
  t('garage', 'rules', 'Garage', 'Garasje'),
  t('grass', 'rules', 'Lawn', 'Plen'),
  t('quiet', 'rules', 'Quiet hours', 'Ro i bygget'),
  t('roof-terrace', 'rules', 'Roof terrace', 'Takterrasse'),
  t('cake', 'general', 'Celebration', 'Feiring'),
  t('drainage', 'general', 'Drainage', 'Avløp'),
  t('handyman', 'general', 'Caretaker', 'Vaktmester'),
  t('meeting', 'general', 'Meeting', 'Møte'),
  t('trash', 'general', 'Waste sorting', 'Avfall'),
  t('electrical', 'hse', 'Electrical safety', 'Elsikkerhet'),
  t('fire', 'hse', 'Fire safety', 'Brannsikkerhet'),
];

const byId = new Map(BUILT_IN_TEMPLATES.map((template) => [template.id, template]));

/** The built-in template with this id, or undefined; ids are matched exactly (no path tricks). */
export const findBuiltInTemplate = (id: string): BuiltInTemplate | undefined => byId.get(id);

/** Templates of a category selector value; `all` lists every template. */
export const templatesIn = (filter: TemplateFilter): BuiltInTemplate[] =>
  BUILT_IN_TEMPLATES.filter((template) => filter === 'all' || template.category === filter);
