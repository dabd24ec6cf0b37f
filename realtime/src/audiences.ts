import {
  type DisplayEventData,
  type DisplayEventType,
  displayNoteSchema,
  type Note,
  type OutboxEvent,
} from '@oppslag/common';

/** A display-shaped push: the type it goes out as and its data. */
export type DisplayPush = {
  [T in DisplayEventType]: { type: T; data: DisplayEventData<T> };
}[DisplayEventType];

/** A note as the player gets it from `GET /api/display/content` (the schema strips the rest). */
const displayNote = (note: Note) => displayNoteSchema.parse(note);

/** Whether a display shows a note: approved, and current or upcoming (the content route's rule). */
const shown = (note: Note) => note.approved && note.state !== 'expired';

/**
 * The presenter for the display audience: what a screen below the event's entity may receive of
 * it, in the shapes of its own REST reads, or null when it may see nothing of it (it then gets a
 * `withheld` marker that keeps its sequence whole). Consoles get the event as recorded: the services
 * write it in the view any reader of the entity has over REST.
 */
export function presentToDisplay(event: OutboxEvent): DisplayPush | null {
  switch (event.type) {
    case 'note.created':
      return shown(event.data.note)
        ? { type: 'note.created', data: { note: displayNote(event.data.note) } }
        : null;
    case 'note.updated':
      // A note that stops being shown (rejected, ended) leaves the screen.
      return shown(event.data.note)
        ? { type: 'note.updated', data: { note: displayNote(event.data.note) } }
        : { type: 'note.deleted', data: { id: event.data.id } };
    case 'note.deleted':
      return { type: 'note.deleted', data: { id: event.data.id } };
    case 'content.created':
    case 'content.updated':
    case 'content.deleted':
      return { type: event.type, data: { id: event.data.id, slot: event.data.slot } };
    case 'asset.updated':
      return { type: 'asset.updated', data: { id: event.data.id } };
    case 'transitStop.changed':
      return { type: 'transitStop.changed', data: {} };
    case 'transit.updated':
      return { type: 'transit.updated', data: event.data };
    case 'weather.updated':
      return { type: 'weather.updated', data: event.data };
    case 'entity.updated':
      return { type: 'entity.updated', data: { changed: event.data.changed } };
    case 'display.command':
      return { type: 'display.command', data: { command: event.data.command } };
    // Emergency alerts go to every screen below the entity, whatever they show otherwise.
    case 'alert.raised':
      return { type: 'alert.raised', data: { alert: event.data.alert } };
    case 'alert.cleared':
      return { type: 'alert.cleared', data: { id: event.data.id } };
    default:
      return null;
  }
}
