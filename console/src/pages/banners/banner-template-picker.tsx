import { TEMPLATE_FILTERS } from '@oppslag/common/templates.ts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API_BASE } from '../../api/client';
import { queryClient } from '../../api/query-client';
import { builtInTemplatesQuery } from '../../api/screen-queries';
import type { BuiltInTemplate, TemplateCategoryFilter } from '../../api/templates.api';
import { Alert } from '../../components/card';
import { SelectField } from '../../components/field';

/** Built-in templates by category (all, general, rules, HSE, seasonal) from GET /api/templates. */
export function BuiltInTemplatePicker({
  selected,
  onPick,
}: {
  selected: string | null;
  onPick: (template: BuiltInTemplate) => void;
}) {
  const { t, i18n } = useTranslation('banners');
  const [category, setCategory] = useState<NonNullable<TemplateCategoryFilter>>('all');
  // The last category's list stays shown while another loads.
  const query = useQuery(
    { ...builtInTemplatesQuery(category), placeholderData: (previous) => previous },
    queryClient,
  );
  const list = query.data ?? null;
  const failed = query.isError;

  const name = (tpl: BuiltInTemplate) => {
    return (i18n.language === 'no' ? tpl.name.no : tpl.name.en) || tpl.id;
  };

  return (
    <div className="flex flex-col gap-2">
      <SelectField
        label={t('dialog.category')}
        value={category}
        onChange={(e) => setCategory(TEMPLATE_FILTERS.find((c) => c === e.target.value) ?? 'all')}
        className="max-w-xs"
      >
        {TEMPLATE_FILTERS.map((c) => (
          <option key={c} value={c}>
            {t(`dialog.categories.${c}`)}
          </option>
        ))}
      </SelectField>
      {failed && <Alert kind="error">{t('errors.templates')}</Alert>}
      <div
        className="grid max-h-72 grid-cols-3 gap-2 overflow-y-auto sm:grid-cols-5"
        data-testid="template-grid"
      >
        {list?.map((tpl) => (
          <button
            key={tpl.id}
            type="button"
            aria-label={t('dialog.useTemplate', { name: name(tpl) })}
            aria-pressed={selected === tpl.id}
            onClick={() => onPick(tpl)}
            className={`overflow-hidden rounded border-2 ${selected === tpl.id ? 'border-primary-600' : 'border-transparent'}`}
          >
            <img src={`${API_BASE}${tpl.imageUrl}`} alt="" className="aspect-[480/895] w-full object-cover" />
            <span className="block truncate px-1 text-xs">{name(tpl)}</span>
          </button>
        ))}
      </div>
    </div>
  );
}
