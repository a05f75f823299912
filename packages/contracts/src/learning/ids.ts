import { z } from 'zod';
import { serialIdParam } from '../primitives';

/** Ids as the learning answers carry them, and as paths take them (internal to the learning contracts). */
export const id = z.number().int();
export const positiveId = serialIdParam();
