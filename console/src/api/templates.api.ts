import type { RouteQueryInput, RouteResponse } from '@oppslag/common/contract/define-route.ts';
import { templatesContract as templates } from '@oppslag/common/contract/templates.contract.ts';
import { call } from './typed-client';

export type BuiltInTemplate = RouteResponse<typeof templates.list>['templates'][number];
export type TemplateCategoryFilter = NonNullable<RouteQueryInput<typeof templates.list>>['category'];

export const templatesApi = {
  list: (category: TemplateCategoryFilter = 'all') => call(templates.list, { query: { category } }),
};
