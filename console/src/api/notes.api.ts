import type { RouteBodyInput, RouteResponse } from '@oppslag/common/contract/define-route.ts';
import { notesContract as notes } from '@oppslag/common/contract/notes.contract.ts';
import { call } from './typed-client';

export type Note = RouteResponse<typeof notes.create>;
export type NoteBody = RouteBodyInput<typeof notes.create>;
type NoteChange = RouteBodyInput<typeof notes.update>;

export const notesApi = {
  /** Own and inherited notes, approved or not (the board shows both). */
  list: (entityId: number) =>
    call(notes.list, { params: { entityId }, query: { includeParents: 'true', approved: 'all' } }),
  create: (entityId: number, body: NoteBody) => call(notes.create, { params: { entityId }, body }),
  update: (entityId: number, id: number, body: NoteChange) =>
    call(notes.update, { params: { entityId, noteId: id }, body: { id, ...body } }),
  remove: (entityId: number, id: number) => call(notes.remove, { params: { entityId, noteId: id } }),
};
