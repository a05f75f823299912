import { AspectRatio, Box, Image } from '@mantine/core';
import { IconSchool } from '@tabler/icons-react';

/** A course or trail cover at 16:9, or a calm placeholder when there is none. */
export function CoverImage({ src, alt = '', radius }: { src: string | null; alt?: string; radius?: string }) {
  return (
    <AspectRatio ratio={16 / 9}>
      {src ? (
        <Image src={src} alt={alt} fit="cover" radius={radius} loading="lazy" />
      ) : (
        <Box
          aria-hidden
          style={{
            display: 'grid',
            placeItems: 'center',
            borderRadius: radius ? `var(--mantine-radius-${radius})` : undefined,
            background:
              'linear-gradient(135deg, var(--mantine-primary-color-light), var(--mantine-color-gray-1))',
            color: 'var(--mantine-primary-color-filled)',
          }}
        >
          <IconSchool size={48} stroke={1.4} />
        </Box>
      )}
    </AspectRatio>
  );
}
