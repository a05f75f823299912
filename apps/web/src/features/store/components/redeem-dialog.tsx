import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import { IconGift } from '@tabler/icons-react';
import type { DeliveryAddress, StoreItemDetail, StoreOrder } from '@trilha/contracts/store';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/i18n';
import { Celebration } from '../../../components/celebration';
import { useProfileAddress, useRedeem } from '../api/store';
import { usePoints } from './format';
import classes from './store.module.css';

type AddressForm = Record<keyof DeliveryAddress, string>;
const blankAddress: AddressForm = {
  zip: '',
  street: '',
  number: '',
  complement: '',
  neighborhood: '',
  city: '',
  state: '',
  country: '',
};
const required: (keyof DeliveryAddress)[] = ['zip', 'street', 'city', 'country'];
const limits: Record<keyof DeliveryAddress, number> = {
  zip: 20,
  street: 200,
  number: 20,
  complement: 120,
  neighborhood: 120,
  city: 120,
  state: 120,
  country: 120,
};

/** The moment after a redemption: a gift, confetti (still for reduced motion) and what happens next. */
function Redeemed({ order, onClose }: { order: StoreOrder; onClose: () => void }) {
  const { t } = useTranslation('store');
  return (
    <Stack gap="md" className={classes.celebrate} data-testid="redeem-success">
      <Celebration>
        <IconGift size={44} stroke={1.6} />
      </Celebration>
      <Text fz="xl" fw={700} role="status">
        {t('success.title')}
      </Text>
      <Text>{t('success.body', { item: order.itemTitle })}</Text>
      {order.voucherCode ? (
        <Stack gap={4}>
          <Text fz="sm" c="dimmed">
            {t('orders.voucher')}
          </Text>
          <Text className={classes.code} data-testid="voucher-code">
            {order.voucherCode}
          </Text>
        </Stack>
      ) : order.kind === 'digital' ? (
        <Text fz="sm" c="dimmed">
          {t('success.voucherLater')}
        </Text>
      ) : null}
      <Group justify="center" gap="sm">
        <Button component={Link} to="/profile?tab=orders">
          {t('success.seeOrders')}
        </Button>
        <Button variant="default" onClick={onClose}>
          {t('success.keepShopping')}
        </Button>
      </Group>
    </Stack>
  );
}

type Contact = NonNullable<ReturnType<typeof useProfileAddress>['data']>;

const addressFrom = (contact: Contact | undefined): AddressForm =>
  contact
    ? {
        zip: contact.zipCode,
        street: contact.street,
        number: contact.number,
        complement: contact.complement,
        neighborhood: contact.neighborhood,
        city: contact.city,
        state: contact.state,
        country: contact.country,
      }
    : blankAddress;

interface DialogProps {
  onClose: () => void;
  detail: StoreItemDetail;
  variantId: number | null;
  available: number | undefined;
}

/**
 * One confirmation (mounted each time the dialog opens): its own Idempotency-Key, so a double tap or a
 * retry after a lost answer orders once; after a refusal the next try gets a key of its own.
 */
function Confirmation({
  onClose,
  detail,
  variantId,
  available,
  contact,
}: DialogProps & { contact: Contact | undefined }) {
  const { t } = useTranslation('store');
  const { points, number } = usePoints();
  const item = detail.item;
  const physical = item.kind === 'physical';
  const redeem = useRedeem(item.id);
  const [key, setKey] = useState(() => crypto.randomUUID());
  const sending = useRef(false);
  const [address, setAddress] = useState<AddressForm>(() => addressFrom(contact));
  const [touched, setTouched] = useState(false);
  const [order, setOrder] = useState<StoreOrder | null>(null);
  const [error, setError] = useState<string | null>(null);

  const variant = item.variants.find((v) => v.id === variantId) ?? null;
  const missing = physical ? required.filter((f) => !address[f].trim()) : [];

  const confirm = () => {
    setTouched(true);
    if (missing.length > 0 || sending.current || order) return;
    sending.current = true;
    setError(null);
    const body = {
      variantId,
      quantity: 1 as const,
      address: physical
        ? (Object.fromEntries(Object.entries(address).map(([k, v]) => [k, v.trim()])) as DeliveryAddress)
        : null,
    };
    redeem.mutate(
      { body, key },
      {
        onSettled: () => {
          sending.current = false;
        },
        onSuccess: (result) => setOrder(result.order),
        onError: (e) => {
          const code = e instanceof ApiError ? e.code : 'STORE_REDEEM_FAILED';
          const refused = e instanceof ApiError && e.status >= 400 && e.status < 500;
          setError(errorText(code === 'INTERNAL' || code === 'NETWORK_ERROR' ? 'STORE_REDEEM_FAILED' : code));
          // A refusal ends this confirmation; after a lost answer the key stays, so a retry cannot order twice.
          if (refused) setKey(crypto.randomUUID());
        },
      },
    );
  };

  if (order) return <Redeemed order={order} onClose={onClose} />;

  const field = (name: keyof DeliveryAddress) => (
    <TextInput
      key={name}
      label={t(`address.${name}`)}
      value={address[name]}
      maxLength={limits[name]}
      required={required.includes(name)}
      error={touched && missing.includes(name) ? t('address.required') : undefined}
      onChange={(e) => {
        const value = e.currentTarget.value;
        setAddress((a) => ({ ...a, [name]: value }));
      }}
    />
  );

  return (
    <Stack gap="md">
      <Group wrap="nowrap" gap="sm" align="flex-start">
        <ThemeIcon variant="light" size={40} radius="md">
          <IconGift size={22} aria-hidden />
        </ThemeIcon>
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600}>{item.title}</Text>
          {variant ? (
            <Text fz="sm" c="dimmed">
              {t('redeem.option', { option: variant.label })}
            </Text>
          ) : null}
          <Text fz="sm" data-testid="redeem-price">
            {t('redeem.price', { price: points(item.price) })}
          </Text>
          {available !== undefined ? (
            <Text fz="sm" c="dimmed" data-testid="redeem-after">
              {t('redeem.after', { before: number(available), after: number(available - item.price) })}
            </Text>
          ) : null}
        </Stack>
      </Group>
      {physical ? (
        <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
          <Text component="legend" fw={600}>
            {t('address.title')}
          </Text>
          <Text fz="sm" c="dimmed">
            {t('address.hint')}
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
            {field('zip')}
            {field('street')}
            {field('number')}
            {field('complement')}
            {field('neighborhood')}
            {field('city')}
            {field('state')}
            {field('country')}
          </SimpleGrid>
        </Stack>
      ) : (
        <Text fz="sm">{t('redeem.digital')}</Text>
      )}
      <Text fz="sm" c="dimmed">
        {t('redeem.approval')}
      </Text>
      {error ? (
        <Alert color="red" role="alert" data-testid="redeem-error">
          {error}
        </Alert>
      ) : null}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={redeem.isPending}>
          {t('redeem.cancel')}
        </Button>
        <Button onClick={confirm} loading={redeem.isPending}>
          {t('redeem.confirm')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Confirms a redemption: the item, the option, the price and what is left after it; for a physical item the
 * delivery address, taken from the profile and editable for this order only. Once redeemed: a moment of
 * delight, and what happens next.
 */
export function RedeemDialog({ opened, ...props }: DialogProps & { opened: boolean }) {
  const { t } = useTranslation('store');
  const profile = useProfileAddress();
  const physical = props.detail.item.kind === 'physical';
  return (
    <Modal
      opened={opened}
      onClose={props.onClose}
      title={t('redeem.title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      {!opened ? null : physical && profile.isPending ? (
        <Center py="lg">
          <Loader aria-label={t('loading')} />
        </Center>
      ) : (
        <Confirmation {...props} contact={profile.data} />
      )}
    </Modal>
  );
}
