import type { UniqueIdentifier } from '@dnd-kit/core';
import type { TFunction } from 'i18next';
import { dragAnnouncements } from '../../../shared/hooks/use-drag-sensors';

/** What a screen reader hears while something of the catalogue (a card, a room, a photo) is dragged. */
export function catalogueDragAccessibility(
  t: TFunction,
  instructions: string,
  nameOf: (id: UniqueIdentifier) => string,
) {
  return {
    screenReaderInstructions: { draggable: instructions },
    announcements: dragAnnouncements(
      {
        pickedUp: (name) => t('catalogue:drag.pickedUp', { name }),
        over: (name, target) => t('catalogue:drag.over', { name, target }),
        dropped: (name, target) => t('catalogue:drag.dropped', { name, target }),
        cancelled: (name) => t('catalogue:drag.cancelled', { name }),
      },
      nameOf,
    ),
  };
}
