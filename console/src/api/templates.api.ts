import { api } from './client';

export interface BuiltInTemplate {
  id: string;
  category: string;
  imageUrl: string;
  [key: string]: unknown;
}

export const templatesApi = {
  list: (category = 'all') =>
    api.get<{ categories: string[]; templates: BuiltInTemplate[] }>(
      `/templates?category=${encodeURIComponent(category)}`,
    ),
};
