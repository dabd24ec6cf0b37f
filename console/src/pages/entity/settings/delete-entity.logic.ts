/** The delete dialog's choices (spec §4–5). */
export interface DeleteChoice {
  typedName: string;
  mode: 'delete' | 'move';
  confirmChildren: boolean;
  moveTo: number | null;
}

/**
 * Whether Delete may be pressed: the typed name equals the entity name exactly, and with children
 * either 'delete' with the confirming tick or 'move' with a target.
 */
export function canDelete(entityName: string, hasChildren: boolean, choice: DeleteChoice): boolean {
  if (choice.typedName !== entityName) return false;
  if (!hasChildren) return true;
  return choice.mode === 'delete' ? choice.confirmChildren : choice.moveTo !== null;
}

/** The DELETE body: withChildren, or moveTo the chosen target. */
export function deleteBody(
  hasChildren: boolean,
  choice: DeleteChoice,
): { withChildren?: boolean; moveTo?: number } {
  if (!hasChildren) return {};
  return choice.mode === 'delete' ? { withChildren: true } : { moveTo: choice.moveTo! };
}
