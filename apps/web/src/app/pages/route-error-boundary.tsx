import { Button } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { StatusScreen } from '../../components/status-screen';
import { reloadPage } from '../../lib/reload';
import { ApiError } from '../../lib/api-client';
import { errorText } from '../../lib/i18n';
import { ChunkErrorScreen } from './chunk-error-screen';
import { ForbiddenPage, NotFoundPage } from './not-found-page';

/** The error boundary of every route: a failed page load, a missing or forbidden resource, or a bug. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();

  if (error instanceof Error && error.name === 'ChunkLoadError') return <ChunkErrorScreen />;
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (isRouteErrorResponse(error) && error.status === 403) return <ForbiddenPage />;
  if (error instanceof ApiError && error.status === 404) return <NotFoundPage />;
  if (error instanceof ApiError && error.status === 403) return <ForbiddenPage />;

  console.error(error);
  const description = error instanceof ApiError ? errorText(error.code) : t('unexpected.description');
  return (
    <StatusScreen
      alert
      color="red"
      icon={<IconAlertTriangle size={32} aria-hidden />}
      title={t('unexpected.title')}
      description={description}
      actions={<Button onClick={reloadPage}>{t('actions.tryAgain')}</Button>}
    />
  );
}
