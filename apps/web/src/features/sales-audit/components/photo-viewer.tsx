import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSalePhoto } from '../api/sales-audit';
import { ZoomableImage } from './zoomable-image';

/** The invoice photo of a sale in the zoomable frame (or why there is none). */
export function PhotoViewer({
  saleId,
  hasPhoto,
  invoiceNumber,
}: {
  saleId: number;
  hasPhoto: boolean;
  invoiceNumber: string;
}) {
  const { t } = useTranslation('sales-audit');
  const photo = useSalePhoto(saleId, hasPhoto);
  if (!hasPhoto) {
    return (
      <Text c="dimmed" fz="sm" data-testid="no-photo">
        {t('photo.none')}
      </Text>
    );
  }
  return (
    <ZoomableImage
      url={photo.url}
      isError={photo.isError}
      title={t('photo.title')}
      alt={t('photo.alt', { number: invoiceNumber })}
    />
  );
}
