import type { RouteQueryInput, RouteResponse } from '@oppslag/common/contract/define-route.ts';
import type { templatesContract as templates } from '@oppslag/common/contract/templates.contract.ts';

export type BuiltInTemplate = RouteResponse<typeof templates.list>['templates'][number];
export type TemplateCategoryFilter = NonNullable<RouteQueryInput<typeof templates.list>>['category'];
