import { ActionIcon, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconHeart, IconHeartFilled } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../../lib/form-errors';
import { useFavorite, type CatalogKind } from '../api/catalog';

/** Heart toggle; shows the new state at once and goes back if the server refuses. */
export function FavoriteButton({
  kind,
  id,
  favorite,
  title,
}: {
  kind: CatalogKind;
  id: number;
  favorite: boolean;
  title: string;
}) {
  const { t } = useTranslation('learning');
  const mutation = useFavorite(kind);
  const [optimistic, setOptimistic] = useState<boolean | null>(null);
  const value = optimistic ?? favorite;
  const label = value ? t('favorite.remove', { title }) : t('favorite.add', { title });
  const toggle = () => {
    const next = !value;
    setOptimistic(next);
    mutation.mutate(
      { id, favorite: next },
      {
        onSettled: () => setOptimistic(null),
        onError: (error) =>
          notifications.show({
            color: 'red',
            message: apiErrorText(error),
          }),
      },
    );
  };
  return (
    <Tooltip label={value ? t('favorite.removeShort') : t('favorite.addShort')}>
      <ActionIcon
        variant={value ? 'filled' : 'white'}
        color={value ? 'red' : 'gray'}
        radius="xl"
        size="lg"
        onClick={toggle}
        aria-label={label}
        aria-pressed={value}
        data-testid="favorite-toggle"
      >
        {value ? <IconHeartFilled size={18} aria-hidden /> : <IconHeart size={18} aria-hidden />}
      </ActionIcon>
    </Tooltip>
  );
}
