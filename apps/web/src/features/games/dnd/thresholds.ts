/**
 * The drag-and-drop thresholds of spec section 9 for touch screens: a drag starts once the finger moved
 * 5 px (a tap stays a tap, a scroll of the page outside the pieces stays a scroll), two taps within
 * 500 ms are a double click, and a press held 900 ms is a context menu, which the games never open on a
 * piece (the browser's own menu would steal the drag).
 */
export const DRAG_ACTIVATION_PX = 5;
export const DOUBLE_CLICK_MS = 500;
export const CONTEXT_MENU_MS = 900;
