/**
 * Drag and drop with @dnd-kit, set up the same way everywhere: a mouse, pen or finger on a drag
 * handle starts a drag after 6 px (so a tap is still a tap), and the keyboard picks up with Space or
 * Enter, moves with the arrow keys, drops with Space or Enter and cancels with Escape.
 */
import {
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type KeyboardCoordinateGetter,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import type { TFunction } from 'i18next';

export function useDragSensors(coordinateGetter: KeyboardCoordinateGetter = sortableKeyboardCoordinates) {
  return useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter }),
  );
}

/** A drag handle's look: a grab cursor, and no page panning when a finger starts on it. */
export const dragHandleSx = { cursor: 'grab', touchAction: 'none' } as const;

/** What a screen reader hears while dragging, in the person's language, with names instead of ids. */
export type DragTexts = {
  pickedUp: (name: string) => string;
  over: (name: string, target: string) => string;
  dropped: (name: string, target: string) => string;
  cancelled: (name: string) => string;
};

export function dragAnnouncements(texts: DragTexts, nameOf: (id: UniqueIdentifier) => string): Announcements {
  return {
    onDragStart: ({ active }) => texts.pickedUp(nameOf(active.id)),
    // Over itself (a sortable thing still in its place) is not news: the "picked up" stays the last word.
    onDragOver: ({ active, over }) =>
      over && over.id !== active.id ? texts.over(nameOf(active.id), nameOf(over.id)) : undefined,
    onDragEnd: ({ active, over }) =>
      over ? texts.dropped(nameOf(active.id), nameOf(over.id)) : texts.cancelled(nameOf(active.id)),
    onDragCancel: ({ active }) => texts.cancelled(nameOf(active.id)),
  };
}

/**
 * The `accessibility` prop of a DndContext: the keyboard instructions, and announcements in the
 * person's language that name what is dragged (a card, a room, a photo, a ranked item).
 */
export function dragAccessibility(t: TFunction, nameOf: (id: UniqueIdentifier) => string, instructions = t('drag.instructions')) {
  return {
    screenReaderInstructions: { draggable: instructions },
    announcements: dragAnnouncements(
      {
        pickedUp: (name) => t('drag.pickedUp', { name }),
        over: (name, target) => t('drag.over', { name, target }),
        dropped: (name, target) => t('drag.dropped', { name, target }),
        cancelled: (name) => t('drag.cancelled', { name }),
      },
      nameOf,
    ),
  };
}
