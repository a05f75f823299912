import { Center, Image } from '@mantine/core';
import { IconGift } from '@tabler/icons-react';
import { useState } from 'react';
import classes from './store.module.css';

/** An item's photo, or a drawn gift when it has none (or it fails to load). */
export function ItemPhoto({ src, alt, height }: { src: string | null; alt: string; height: number }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <Center h={height} className={classes.photoFallback} aria-hidden>
        <IconGift size={Math.round(height / 3)} stroke={1.3} />
      </Center>
    );
  }
  return <Image src={src} alt={alt} h={height} fit="cover" loading="lazy" onError={() => setFailed(true)} />;
}
