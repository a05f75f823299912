import { Image, Text } from '@mantine/core';

export interface BrandLogoProps {
  /** Logo image; without one the name is shown as text. */
  src: string | null | undefined;
  name: string;
  height?: number;
}

/** A client's or site's logo; its name is the image's text alternative. */
export function BrandLogo({ src, name, height = 36 }: BrandLogoProps) {
  if (src) {
    return <Image src={src} alt={name} h={height} w="auto" fit="contain" style={{ maxWidth: 220 }} />;
  }
  return (
    <Text component="span" fw={800} fz="lg" c="brand.8" lh={1}>
      {name}
    </Text>
  );
}
