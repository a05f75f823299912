import {
  Box,
  Button,
  Fieldset,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { gameLimits, type GameRect } from '@trilha/contracts/learning/games';
import { useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { nextId } from './game-draft';
import { FaceField, ImageField, ListIssue, RemoveButton, useIssue } from './fields';
import { removeAt, replaceAt, type KindEditorProps } from './list-editors';

const clamp = (v: number) => Math.min(100, Math.max(0, v));
const round = (v: number) => Math.round(v * 10) / 10;

/** The rectangle between two points, in percent. */
function rectOf(a: { x: number; y: number }, b: { x: number; y: number }): GameRect {
  return {
    x: round(Math.min(a.x, b.x)),
    y: round(Math.min(a.y, b.y)),
    width: round(Math.abs(a.x - b.x)),
    height: round(Math.abs(a.y - b.y)),
  };
}

/**
 * The background image on which the author draws a zone: press, drag and release (mouse, pen or touch).
 * The zones already drawn show on it with their labels.
 */
function ZoneCanvas({
  imageUrl,
  zones,
  onDraw,
}: {
  imageUrl: string;
  zones: { id: string; label: string; rect?: GameRect | undefined }[];
  onDraw: (rect: GameRect) => void;
}) {
  const { t } = useTranslation('games');
  const box = useRef<HTMLDivElement>(null);
  const [start, setStart] = useState<{ x: number; y: number } | null>(null);
  const [current, setCurrent] = useState<{ x: number; y: number } | null>(null);

  const pointOf = (e: PointerEvent) => {
    const r = box.current!.getBoundingClientRect();
    return {
      x: clamp(((e.clientX - r.left) / (r.width || 1)) * 100),
      y: clamp(((e.clientY - r.top) / (r.height || 1)) * 100),
    };
  };
  const drawing = start && current ? rectOf(start, current) : null;

  return (
    <Stack gap={4}>
      <Box
        ref={box}
        pos="relative"
        data-testid="zone-canvas"
        aria-label={t('editor.dnd.canvas')}
        role="img"
        style={{ touchAction: 'none', userSelect: 'none', cursor: 'crosshair', lineHeight: 0 }}
        onPointerDown={(e) => {
          e.preventDefault();
          (e.currentTarget as HTMLElement).setPointerCapture?.(e.pointerId);
          const p = pointOf(e);
          setStart(p);
          setCurrent(p);
        }}
        onPointerMove={(e) => {
          if (start) setCurrent(pointOf(e));
        }}
        onPointerUp={(e) => {
          if (!start) return;
          const rect = rectOf(start, pointOf(e));
          setStart(null);
          setCurrent(null);
          if (rect.width >= 1 && rect.height >= 1) onDraw(rect);
        }}
        onPointerCancel={() => {
          setStart(null);
          setCurrent(null);
        }}
      >
        <img src={imageUrl} alt="" draggable={false} style={{ width: '100%', display: 'block' }} />
        {zones.map((zone, i) =>
          zone.rect ? (
            <Box
              key={zone.id}
              pos="absolute"
              style={{
                left: `${zone.rect.x}%`,
                top: `${zone.rect.y}%`,
                width: `${zone.rect.width}%`,
                height: `${zone.rect.height}%`,
                border: '2px solid var(--mantine-color-blue-6)',
                background: 'rgba(34, 139, 230, 0.15)',
                pointerEvents: 'none',
              }}
            >
              <Text fz="xs" fw={700} bg="blue.6" c="white" px={4} lh={1.4} display="inline-block">
                {zone.label || String(i + 1)}
              </Text>
            </Box>
          ) : null,
        )}
        {drawing ? (
          <Box
            pos="absolute"
            data-testid="zone-drawing"
            style={{
              left: `${drawing.x}%`,
              top: `${drawing.y}%`,
              width: `${drawing.width}%`,
              height: `${drawing.height}%`,
              border: '2px dashed var(--mantine-color-orange-6)',
              pointerEvents: 'none',
            }}
          />
        ) : null}
      </Box>
      <Text fz="xs" c="dimmed">
        {t('editor.dnd.drawHint')}
      </Text>
    </Stack>
  );
}

/** A zone's rectangle typed in percent: the keyboard's way to draw it. */
function RectInputs({
  number,
  rect,
  onChange,
  error,
}: {
  number: number;
  rect: GameRect | undefined;
  onChange: (rect: GameRect) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation('games');
  const r = rect ?? { x: 0, y: 0, width: 0, height: 0 };
  const field = (key: keyof GameRect) => (
    <NumberInput
      key={key}
      label={t(`editor.dnd.rect.${key}`, { number })}
      min={key === 'width' || key === 'height' ? 1 : 0}
      max={100}
      decimalScale={1}
      suffix="%"
      w={90}
      value={rect ? r[key] : ''}
      onChange={(v) => onChange({ ...r, [key]: typeof v === 'number' ? v : 0 })}
      error={error ? ' ' : undefined}
    />
  );
  return (
    <Stack gap={2}>
      <Group gap="xs" wrap="wrap">
        {field('x')}
        {field('y')}
        {field('width')}
        {field('height')}
      </Group>
      {error ? (
        <Text c="red" fz="sm" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}

export function DragAndDropEditor({ value, onChange }: KindEditorProps<'drag_and_drop'>) {
  const { t } = useTranslation('games');
  const issue = useIssue();
  const { zones, items } = value;
  const image = value.layout === 'image';

  const addZone = (rect?: GameRect) => {
    if (zones.length >= gameLimits.zones) return;
    const zone = { id: nextId('z', zones), label: '', ...(rect ? { rect } : {}) };
    onChange({ ...value, zones: [...zones, zone] });
  };
  /** A drawn rectangle goes to the first zone still without one, else to a new zone. */
  const drawn = (rect: GameRect) => {
    const index = zones.findIndex((z) => !z.rect);
    if (index >= 0) onChange({ ...value, zones: replaceAt(zones, index, { ...zones[index]!, rect }) });
    else addZone(rect);
  };

  return (
    <Stack gap="sm">
      <SegmentedControl
        aria-label={t('editor.dnd.layout')}
        data={[
          { value: 'boxes', label: t('editor.dnd.boxes') },
          { value: 'image', label: t('editor.dnd.image') },
        ]}
        value={value.layout}
        onChange={(layout) => onChange({ ...value, layout: layout as 'image' | 'boxes' })}
      />
      {image ? (
        <>
          <ImageField
            label={t('editor.dnd.background')}
            value={value.imageUrl}
            onChange={(imageUrl) => {
              const { imageUrl: _old, ...rest } = value;
              onChange(imageUrl ? { ...rest, imageUrl } : rest);
            }}
            error={issue('imageUrl')}
          />
          {value.imageUrl ? <ZoneCanvas imageUrl={value.imageUrl} zones={zones} onDraw={drawn} /> : null}
        </>
      ) : null}
      <Text fw={600}>{t('editor.dnd.zones')}</Text>
      {zones.map((zone, i) => (
        <Fieldset key={zone.id} legend={t('editor.dnd.zone', { number: i + 1 })}>
          <Stack gap="xs">
            <Group align="flex-start" wrap="nowrap">
              <TextInput
                style={{ flex: 1 }}
                label={t('editor.dnd.zoneLabel', { number: i + 1 })}
                value={zone.label}
                maxLength={gameLimits.shortText}
                onChange={(e) =>
                  onChange({
                    ...value,
                    zones: replaceAt(zones, i, { ...zone, label: e.currentTarget.value }),
                  })
                }
                error={issue(`zones.${i}.label`)}
              />
              <RemoveButton
                label={t('editor.dnd.removeZone', { number: i + 1 })}
                disabled={zones.length <= 1}
                onClick={() =>
                  onChange({
                    ...value,
                    zones: removeAt(zones, i),
                    items: items.map((it) => (it.zoneId === zone.id ? { ...it, zoneId: null } : it)),
                  })
                }
              />
            </Group>
            {image ? (
              <RectInputs
                number={i + 1}
                rect={zone.rect}
                onChange={(rect) => onChange({ ...value, zones: replaceAt(zones, i, { ...zone, rect }) })}
                error={issue(`zones.${i}.rect`)}
              />
            ) : null}
          </Stack>
        </Fieldset>
      ))}
      <ListIssue path="zones" />
      <Button
        variant="light"
        leftSection={<IconPlus size={16} />}
        disabled={zones.length >= gameLimits.zones}
        onClick={() => addZone()}
      >
        {t('editor.dnd.addZone')}
      </Button>
      <Text fw={600}>{t('editor.dnd.items')}</Text>
      {items.map((item, i) => (
        <Fieldset key={item.id} legend={t('editor.item', { number: i + 1 })}>
          <Group align="flex-start" wrap="wrap">
            <FaceField
              label={t('editor.itemText', { number: i + 1 })}
              value={item.face}
              path={`items.${i}.face`}
              onChange={(face) => onChange({ ...value, items: replaceAt(items, i, { ...item, face }) })}
            />
            <Select
              label={t('editor.dnd.itemZone', { number: i + 1 })}
              data={[
                { value: '', label: t('editor.dnd.distractor') },
                ...zones.map((z, zi) => ({
                  value: z.id,
                  label: z.label || t('editor.dnd.zone', { number: zi + 1 }),
                })),
              ]}
              value={item.zoneId ?? ''}
              allowDeselect={false}
              onChange={(zoneId) =>
                onChange({ ...value, items: replaceAt(items, i, { ...item, zoneId: zoneId || null }) })
              }
              error={issue(`items.${i}.zoneId`)}
            />
            <RemoveButton
              label={t('editor.removeItem', { number: i + 1 })}
              disabled={items.length <= 1}
              onClick={() => onChange({ ...value, items: removeAt(items, i) })}
            />
          </Group>
        </Fieldset>
      ))}
      <ListIssue path="items" />
      <Button
        variant="light"
        leftSection={<IconPlus size={16} />}
        disabled={items.length >= gameLimits.items}
        onClick={() =>
          onChange({
            ...value,
            items: [...items, { id: nextId('i', items), face: { text: '' }, zoneId: zones[0]?.id ?? null }],
          })
        }
      >
        {t('editor.addItem')}
      </Button>
    </Stack>
  );
}
