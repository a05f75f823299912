import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { uploadFile } from '../../api/upload';

export const gameImagesUrl = '/api/admin/learning/game-images';
const gameImageResponse = z.object({ url: z.string() });

/** Uploads a game's picture (a background, a face, a statement, a riddle) and answers its `url`. */
export function useGameImageUpload() {
  return useMutation({
    mutationFn: (file: File) => uploadFile(gameImagesUrl, file, { schema: gameImageResponse }),
  });
}
