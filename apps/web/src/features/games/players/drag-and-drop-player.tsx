import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { faceName, FaceView } from '../components/face';
import { PlaceChooser } from '../components/place-chooser';
import { DraggablePiece } from '../dnd/draggable-piece';
import { DropZone } from '../dnd/drop-zone';
import { GameDndContext } from '../dnd/game-dnd-context';
import classes from '../games.module.css';
import { useFocusAfterMove } from '../hooks/use-focus-after-move';
import type { GamePlayerProps } from './types';

const itemKey = (id: string) => `item:${id}`;
const zoneKey = (id: string) => `zone:${id}`;

/**
 * Drag and drop: the items of the tray go onto zones, labelled boxes or hot spots on an image. An item
 * shows in its zone at once; the server's feedback keeps it there or sends it back (an error).
 */
export function DragAndDropPlayer({ view, onMove }: GamePlayerProps<'drag_and_drop'>) {
  const { t } = useTranslation('games');
  /** Item id → zone id, for the items placed (confirmed or waiting for the server). */
  const [placed, setPlaced] = useState<Record<string, string>>({});
  const [wrong, setWrong] = useState<string | null>(null);
  const trayId = useId();
  const [choosing, setChoosing] = useState<string | null>(null);
  const { container: trayRef, refocus } = useFocusAfterMove<HTMLDivElement>();
  const itemName = (id: string) => {
    const item = view.items.find((i) => i.id === id);
    return item ? faceName(item.face, t('dnd.item')) : id;
  };
  const zoneName = (id: string) => view.zones.find((z) => z.id === id)?.label ?? id;

  const nameOf = (key: string) => (key.startsWith('item:') ? itemName(key.slice(5)) : zoneName(key.slice(5)));

  const onDrop = (pieceKey: string, zone: string | null) => {
    if (zone) place(pieceKey.slice(5), zone.slice(5));
  };

  const place = (itemId: string, zoneId: string) => {
    if (placed[itemId]) return;
    setPlaced((now) => ({ ...now, [itemId]: zoneId }));
    refocus();
    const undo = () =>
      setPlaced((now) => {
        const next = { ...now };
        delete next[itemId];
        return next;
      });
    onMove({ itemId, zoneId }).then((feedback) => {
      if (feedback.correct) return;
      undo();
      setWrong(itemId);
    }, undo);
  };

  const tray = view.items.filter((item) => !placed[item.id]);
  const inZone = (zoneId: string) => view.items.filter((item) => placed[item.id] === zoneId);
  const placedChip = (item: (typeof view.items)[number]) => (
    <Group
      key={item.id}
      gap={4}
      wrap="nowrap"
      className={classes.piece}
      data-state="right"
      data-testid="placed-item"
      title={faceName(item.face, '')}
    >
      <IconCheck size={16} aria-hidden />
      <FaceView face={item.face} imageHeight={32} />
    </Group>
  );

  const zones = view.zones.map((zone, index) =>
    view.layout === 'image' && zone.rect ? (
      <DropZone
        key={zone.id}
        id={zoneKey(zone.id)}
        index={index + 1}
        label={zone.label}
        variant="spot"
        hideLabel
        style={{
          left: `${zone.rect.x}%`,
          top: `${zone.rect.y}%`,
          width: `${zone.rect.width}%`,
          height: `${zone.rect.height}%`,
        }}
      >
        {inZone(zone.id).map(placedChip)}
      </DropZone>
    ) : (
      <DropZone key={zone.id} id={zoneKey(zone.id)} index={index + 1} label={zone.label}>
        {inZone(zone.id).map(placedChip)}
      </DropZone>
    ),
  );

  return (
    <GameDndContext onDrop={onDrop} nameOf={nameOf}>
      <Stack gap="md">
        {view.layout === 'image' && view.imageUrl ? (
          <div className={classes.board}>
            <img src={view.imageUrl} alt={t('dnd.boardImage')} />
            {zones}
          </div>
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            {zones}
          </SimpleGrid>
        )}
        <Stack gap={4}>
          <Text fz="sm" fw={700} id={trayId}>
            {t('dnd.tray')}
          </Text>
          <div ref={trayRef} className={classes.tray} role="group" aria-labelledby={trayId}>
            {tray.map((item) => (
              <DraggablePiece
                key={item.id}
                id={itemKey(item.id)}
                label={itemName(item.id)}
                state={wrong === item.id ? 'wrong' : null}
                onMenu={() => setChoosing(item.id)}
              >
                <FaceView face={item.face} imageHeight={40} />
              </DraggablePiece>
            ))}
            {tray.length === 0 ? <Text c="dimmed">{t('dnd.trayEmpty')}</Text> : null}
          </div>
        </Stack>
      </Stack>
      <PlaceChooser
        piece={choosing ? itemName(choosing) : null}
        places={view.zones}
        onChoose={(zoneId) => choosing && place(choosing, zoneId)}
        onClose={() => setChoosing(null)}
        onClosed={refocus}
      />
    </GameDndContext>
  );
}
