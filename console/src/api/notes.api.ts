import type { Note } from '@oppslag/common/schemas/note.ts';
import { api } from './client';

export type { Note };

export interface NoteBody {
  text?: string;
  icon?: Note['icon'];
  iconColor?: string;
  date?: string;
  end?: string | null;
  sticky?: boolean;
  approved?: boolean;
}

export const notesApi = {
  /** Own and inherited notes, approved or not (the board shows both). */
  list: (entityId: number) => api.get<Note[]>(`/content/${entityId}/note?includeParents=true&approved=all`),
  create: (entityId: number, body: NoteBody) => api.post<Note>(`/content/${entityId}/note`, body),
  update: (entityId: number, id: number, body: NoteBody) =>
    api.put<Note>(`/content/${entityId}/note/${id}`, { id, ...body }),
  remove: (entityId: number, id: number) => api.del<unknown>(`/content/${entityId}/note/${id}`),
};
