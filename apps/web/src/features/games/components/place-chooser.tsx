import { Button, Modal, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface Place {
  id: string;
  label: string;
}

/**
 * The context menu of a piece (a long press or a right click): the places it can go, as a list of
 * buttons. The same move as a drag, for a hand that cannot drag.
 */
export function PlaceChooser({
  piece,
  places,
  onChoose,
  onClose,
  onClosed,
}: {
  /** The piece's name, or null when the chooser is closed. */
  piece: string | null;
  places: Place[];
  onChoose: (placeId: string) => void;
  onClose: () => void;
  /** The list has gone: the board puts the focus back on a piece (the one chosen left the tray). */
  onClosed?: () => void;
}) {
  const { t } = useTranslation('games');
  return (
    <Modal
      opened={piece !== null}
      onClose={onClose}
      onExitTransitionEnd={onClosed}
      closeButtonProps={{ 'aria-label': t('dnd.close') }}
      title={t('dnd.chooseTitle', { piece: piece ?? '' })}
      centered
    >
      <Stack gap="xs">
        {places.map((place) => (
          <Button
            key={place.id}
            variant="light"
            justify="flex-start"
            onClick={() => {
              onChoose(place.id);
              onClose();
            }}
          >
            {place.label}
          </Button>
        ))}
      </Stack>
    </Modal>
  );
}
