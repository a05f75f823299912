import {
  KeyboardCode,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  closestCenter,
  pointerWithin,
  rectIntersection,
  useSensor,
  useSensors,
  type CollisionDetection,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { DRAG_ACTIVATION_PX } from './thresholds';

const forward = [KeyboardCode.Right, KeyboardCode.Down];
const backward = [KeyboardCode.Left, KeyboardCode.Up];

/**
 * Arrow keys jump from one drop zone to the next (in the order the zones appear), instead of moving the
 * piece 25 px at a time: a keyboard player reaches any zone in a few presses, and the zone under the piece
 * is the one the screen reader names.
 */
export const zoneKeyboardCoordinates: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
  const step = forward.includes(event.code as KeyboardCode)
    ? 1
    : backward.includes(event.code as KeyboardCode)
      ? -1
      : 0;
  if (step === 0) return undefined;
  event.preventDefault();
  const zones = context.droppableContainers
    .getEnabled()
    .filter((zone) => context.droppableRects.has(zone.id));
  if (zones.length === 0) return currentCoordinates;
  const at = context.over ? zones.findIndex((zone) => zone.id === context.over?.id) : -1;
  const next = at === -1 ? (step === 1 ? 0 : zones.length - 1) : (at + step + zones.length) % zones.length;
  const rect = context.droppableRects.get(zones[next]!.id)!;
  const size = context.collisionRect ?? { width: 0, height: 0 };
  return {
    x: rect.left + rect.width / 2 - size.width / 2,
    y: rect.top + rect.height / 2 - size.height / 2,
  };
};

/**
 * The zone a piece is over: the one under the finger or the pointer, else the one the piece overlaps
 * most; for the keyboard (no pointer), the zone the piece's centre is in (the arrows put it at a zone's
 * centre), so a piece just picked up is over nothing until the first arrow.
 */
export const gameCollisions: CollisionDetection = (args) => {
  if (args.pointerCoordinates) {
    const under = pointerWithin(args);
    return under.length > 0 ? under : rectIntersection(args);
  }
  const { collisionRect, droppableRects } = args;
  const x = collisionRect.left + collisionRect.width / 2;
  const y = collisionRect.top + collisionRect.height / 2;
  return closestCenter(args).filter(({ id }) => {
    const rect = droppableRects.get(id);
    return !!rect && x >= rect.left && x <= rect.right && y >= rect.top && y <= rect.bottom;
  });
};

/** Mouse, touch (spec section 9's 5 px before a drag starts) and keyboard (Space or Enter, arrows). */
export function useGameSensors() {
  return useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: DRAG_ACTIVATION_PX } }),
    useSensor(TouchSensor, { activationConstraint: { distance: DRAG_ACTIVATION_PX } }),
    useSensor(KeyboardSensor, { coordinateGetter: zoneKeyboardCoordinates }),
  );
}
