import type { RouteBodyInput, RouteResponse } from '@oppslag/common/contract/define-route.ts';
import type { notesContract as notes } from '@oppslag/common/contract/notes.contract.ts';

export type Note = RouteResponse<typeof notes.create>;
export type NoteBody = RouteBodyInput<typeof notes.create>;
