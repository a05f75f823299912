import { Group, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ItemPhoto } from './item-photo';
import classes from './store.module.css';

/**
 * The details page's photos: the one shown large and, when the item has more than one, a row of
 * thumbnails in the item's order (buttons: the pressed one is shown; arrows move between them).
 */
export function ItemGallery({ title, photos }: { title: string; photos: string[] }) {
  const { t } = useTranslation('store');
  const [index, setIndex] = useState(0);
  const shown = photos[Math.min(index, photos.length - 1)] ?? null;
  const select = (i: number) => setIndex((i + photos.length) % photos.length);
  return (
    <div>
      <div style={{ lineHeight: 0 }} aria-live="polite">
        <ItemPhoto
          src={shown}
          alt={
            photos.length > 1
              ? t('details.photoN', { item: title, n: index + 1, count: photos.length })
              : t('details.photoOf', { item: title })
          }
          height={340}
        />
      </div>
      {photos.length > 1 ? (
        <Group
          gap="xs"
          p="xs"
          role="group"
          aria-label={t('details.gallery')}
          data-testid="item-gallery"
          onKeyDown={(e) => {
            if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
            e.preventDefault();
            const next = (index + (e.key === 'ArrowRight' ? 1 : -1) + photos.length) % photos.length;
            select(next);
            (e.currentTarget.querySelectorAll('button')[next] as HTMLButtonElement | undefined)?.focus();
          }}
        >
          {photos.map((src, i) => (
            <UnstyledButton
              key={`${i}-${src}`}
              className={classes.thumb}
              data-active={i === index || undefined}
              aria-pressed={i === index}
              aria-label={t('details.showPhoto', { n: i + 1, count: photos.length })}
              onClick={() => select(i)}
            >
              <ItemPhoto src={src} alt="" height={56} />
            </UnstyledButton>
          ))}
        </Group>
      ) : null}
    </div>
  );
}
