import { api } from './client';

/** One row of GET /api/admin/displays. */
export interface AdminDisplayItem {
  entity: {
    id: number;
    name: string;
    parentId: number | null;
    codeWord: string | null;
    organization?: { id: number; name: string } | null;
  };
  display: { onlineStatus: boolean | null; registered?: boolean };
}

export const adminApi = {
  displays: () => api.get<AdminDisplayItem[]>('/admin/displays'),
  updateDisplays: (entities: 'all' | number[]) =>
    api.post<{ updated: boolean }>('/admin/displays/update', { entities }),
  master: () => api.get<{ entity: unknown; display: unknown }>('/admin/master'),
};
