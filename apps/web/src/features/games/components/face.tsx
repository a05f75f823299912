import { Image, Stack, Text } from '@mantine/core';

export interface Face {
  text: string;
  imageUrl?: string;
}

/** What a face of a card, item or side says: its image and its text (the text names the image too). */
export function faceName(face: Face, fallback: string): string {
  return face.text || fallback;
}

export function FaceView({ face, imageHeight = 64 }: { face: Face; imageHeight?: number }) {
  return (
    <Stack gap={4} align="center">
      {face.imageUrl ? (
        <Image src={face.imageUrl} alt={face.text} h={imageHeight} w="auto" fit="contain" />
      ) : null}
      {face.text ? <Text inherit>{face.text}</Text> : null}
    </Stack>
  );
}
