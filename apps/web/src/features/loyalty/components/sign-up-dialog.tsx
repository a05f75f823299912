import {
  Alert,
  Button,
  Group,
  Modal,
  Radio,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconConfetti, IconSearch } from '@tabler/icons-react';
import type { LearnerCampaign, Registration } from '@trilha/contracts/loyalty';
import { loyaltyLimits } from '@trilha/contracts/loyalty';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Celebration } from '../../../components/celebration';
import { PaginationBar } from '../../../components/pagination-bar';
import { apiErrorText } from '../../../lib/form-errors';
import { useCampaignStores, useRegister } from '../api/loyalty';
import classes from './loyalty.module.css';

/** The moment after signing up: confetti, the campaign and store, and where to go next. */
function SignedUp({
  campaign,
  registration,
  onClose,
}: {
  campaign: LearnerCampaign;
  registration: Registration;
  onClose: () => void;
}) {
  const { t } = useTranslation('loyalty');
  return (
    <Stack gap="md" className={classes.celebrate} pt="md" data-testid="sign-up-success">
      <Celebration>
        <IconConfetti size={44} stroke={1.6} />
      </Celebration>
      <Text fz="xl" fw={700} role="status">
        {t('signUp.successTitle')}
      </Text>
      <Text>{t('signUp.successBody', { name: campaign.name, store: registration.storeName })}</Text>
      <Group justify="center" gap="sm">
        <Button component={Link} to="/points-table">
          {t('signUp.seePoints')}
        </Button>
        <Button variant="default" onClick={onClose}>
          {t('signUp.done')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The store picker: the campaign's stores, searched (debounced) and paged, one of them chosen. */
function StorePicker({
  campaign,
  onSignedUp,
  onCancel,
}: {
  campaign: LearnerCampaign;
  onSignedUp: (registration: Registration) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('loyalty');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [storeId, setStoreId] = useState<string | null>(null);
  const stores = useCampaignStores(campaign.id, debounced, page);
  const register = useRegister(campaign.id);

  const confirm = () => {
    if (!storeId || register.isPending) return;
    register.mutate(Number(storeId), { onSuccess: onSignedUp });
  };

  return (
    <Stack gap="sm">
      <Text fz="sm">{t('signUp.help')}</Text>
      <TextInput
        label={t('signUp.search')}
        placeholder={t('signUp.searchPlaceholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        maxLength={loyaltyLimits.search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
      />
      {stores.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label={t('signUp.loading')}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={56} radius="md" />
          ))}
        </Stack>
      ) : stores.isError ? (
        <Alert color="red" role="alert">
          <Group justify="space-between">
            <Text fz="sm">{apiErrorText(stores.error)}</Text>
            <Button size="compact-sm" variant="white" onClick={() => void stores.refetch()}>
              {t('tryAgain')}
            </Button>
          </Group>
        </Alert>
      ) : stores.data.total === 0 ? (
        <Text c="dimmed" ta="center" py="md">
          {debounced ? t('signUp.noMatch') : t('signUp.noStores')}
        </Text>
      ) : (
        <Radio.Group
          value={storeId}
          onChange={setStoreId}
          label={t('signUp.store')}
          aria-label={t('signUp.store')}
        >
          <ScrollArea.Autosize mah={320} type="auto" mt="xs">
            <Stack gap="xs">
              {stores.data.items.map((s) => (
                <Radio.Card
                  key={s.id}
                  value={String(s.id)}
                  className={classes.option}
                  aria-label={`${s.name} – ${s.city}`}
                >
                  <Group wrap="nowrap" align="flex-start" gap="sm">
                    <Radio.Indicator mt={2} />
                    <div style={{ minWidth: 0 }}>
                      <Text fw={600} fz="sm">
                        {s.name}
                      </Text>
                      <Text fz="xs" c="dimmed">
                        {t('signUp.storeLine', {
                          retailer: s.retailerName,
                          city: s.city,
                          country: s.countryCode,
                        })}
                      </Text>
                    </div>
                  </Group>
                </Radio.Card>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        </Radio.Group>
      )}
      {stores.data ? (
        <PaginationBar
          page={page}
          pageSize={stores.data.pageSize}
          total={stores.data.total}
          onChange={setPage}
        />
      ) : null}
      {register.isError ? (
        <Alert color="red" role="alert">
          {apiErrorText(register.error)}
        </Alert>
      ) : null}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel}>
          {t('signUp.cancel')}
        </Button>
        <Button onClick={confirm} disabled={!storeId} loading={register.isPending}>
          {t('signUp.confirm')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Signing up to an active campaign: pick my store, confirm, and a moment when it is done. */
export function SignUpDialog({
  campaign,
  onClose,
}: {
  campaign: LearnerCampaign | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('loyalty');
  const phone = useMediaQuery('(max-width: 30em)');
  const [done, setDone] = useState<Registration | null>(null);
  const close = () => {
    setDone(null);
    onClose();
  };
  return (
    <Modal
      opened={campaign !== null}
      onClose={close}
      title={campaign ? t('signUp.title', { name: campaign.name }) : ''}
      size="lg"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('signUp.close') }}
    >
      {campaign ? (
        done ? (
          <SignedUp campaign={campaign} registration={done} onClose={close} />
        ) : (
          <StorePicker key={campaign.id} campaign={campaign} onSignedUp={setDone} onCancel={close} />
        )
      ) : null}
    </Modal>
  );
}
