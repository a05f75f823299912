import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers';
import { useCommonStore } from '../../lib/session-store';
import { json } from '../../test/fixtures';
import { mockApi } from '../../test/render-app';
import UploadPhotosPage from './pages/upload-photos-page';

beforeAll(() => {
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    });
});

function renderIt() {
  useCommonStore.setState({ accessToken: 'access', sessionType: 'password' });
  const router = createMemoryRouter([{ path: '*', element: <UploadPhotosPage /> }], {
    initialEntries: ['/upload-photos'],
  });
  render(
    <AppProviders env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

const campaign = {
  id: 1,
  name: 'Campanha de verão',
  beginsAt: '2026-10-01T03:00:00.000Z',
  endsAt: '2026-12-31T03:00:00.000Z',
  status: 'active',
  countryGroup: 1,
  registration: {
    id: 90,
    campaignId: 1,
    storeId: 11,
    storeName: 'Casa Digital Paulista',
    status: 'active',
    registeredAt: '2026-11-20T13:00:00.000Z',
  },
  points: 0,
  xp: 0,
};
const store = {
  id: 11,
  code: 'S11',
  name: 'Casa Digital Paulista',
  city: 'São Paulo',
  retailerId: 1,
  retailerName: 'Casa Digital',
  countryCode: 'BR',
  timeZone: 'America/Sao_Paulo',
  phonesAndCamerasAllowed: true,
};
const type = (id: number, name: string, points: number) => ({
  id,
  code: `t${id}`,
  name,
  points,
  active: true,
});
const photo = (over: Record<string, unknown>) => ({
  id: 5,
  campaignId: 1,
  storeId: 11,
  storeName: 'Casa Digital Paulista',
  photoTypeId: 1,
  photoTypeName: 'Gôndola',
  weekStart: '2026-11-23',
  weekEnd: '2026-11-29',
  status: 'pending',
  rejectionReason: null,
  points: 50,
  imageSha256: 'ab',
  createdAt: '2026-11-24T10:00:00.000Z',
  decidedAt: null,
  ...over,
});

describe('upload-photos', () => {
  it("shows this week's status per type, sends a photo with a key and puts a refusal beside its type", async () => {
    const sent: { key: string | null; photo: unknown; image: File }[] = [];
    mockApi((url, init) => {
      if (url === '/api/loyalty/campaigns') return json({ items: [campaign] });
      if (url.startsWith('/api/loyalty/stores?'))
        return json({ items: [store], total: 1, page: 1, pageSize: 100 });
      if (url.startsWith('/api/loyalty/photos/week?'))
        return json({
          storeId: 11,
          timeZone: 'America/Sao_Paulo',
          weekStart: '2026-11-23',
          weekEnd: '2026-11-29',
          items: [
            { photoType: type(1, 'Gôndola', 50), photo: photo({}) },
            { photoType: type(2, 'Display', 80), photo: null },
            { photoType: type(3, 'Etiqueta de preço', 30), photo: null },
          ],
        });
      if (url === '/api/loyalty/photos' && init?.method === 'POST') {
        const form = init.body as FormData;
        sent.push({
          key: new Headers(init.headers).get('Idempotency-Key'),
          photo: JSON.parse(String(form.get('photo'))),
          image: form.get('image') as File,
        });
        if (sent.length === 1)
          return json(
            {
              error: {
                code: 'PHOTOS_ALREADY_SENT_THIS_WEEK',
                message: 'Foto já enviada nesta semana para esta loja e tipo',
              },
            },
            409,
          );
        return json(photo({ id: 6, photoTypeId: 3, photoTypeName: 'Etiqueta de preço', points: 30 }), 201);
      }
      if (url.startsWith('/api/loyalty/photos?'))
        return json({
          items: [photo({ status: 'rejected', rejectionReason: 'Foto escura' })],
          total: 1,
          page: 1,
          pageSize: 10,
          pendingPoints: 50,
        });
      return undefined;
    });
    renderIt();
    const list = await screen.findByRole('list', { name: 'Tipos de foto desta semana' });
    expect(screen.getByText('De 23/11/2026 a 29/11/2026 (fuso da loja: America/Sao_Paulo)')).toBeTruthy();
    const shelf = within(list).getByRole('listitem', { name: 'Gôndola' });
    expect(within(shelf).getByText('Em auditoria')).toBeTruthy();
    expect(within(shelf).queryByRole('button')).toBeNull();

    const input = screen.getByTestId('photo-input') as HTMLInputElement;
    expect(input.accept).toBe('image/*');
    expect(input.getAttribute('capture')).toBe('environment');
    const display = within(list).getByRole('listitem', { name: 'Display' });
    fireEvent.click(within(display).getByRole('button', { name: 'Tirar foto: Display' }));
    fireEvent.change(input, {
      target: { files: [new File([new Uint8Array([1, 2])], 'a.jpg', { type: 'image/jpeg' })] },
    });
    fireEvent.click(within(display).getByRole('button', { name: 'Enviar foto' }));
    expect(
      await within(display).findByText('Foto já enviada nesta semana para esta loja e tipo'),
    ).toBeTruthy();
    expect(sent[0]).toMatchObject({ photo: { campaignId: 1, storeId: 11, photoTypeId: 2 } });

    const price = within(list).getByRole('listitem', { name: 'Etiqueta de preço' });
    fireEvent.click(within(price).getByRole('button', { name: 'Tirar foto: Etiqueta de preço' }));
    fireEvent.change(input, {
      target: { files: [new File([new Uint8Array([3, 4])], 'b.jpg', { type: 'image/jpeg' })] },
    });
    fireEvent.click(within(price).getByRole('button', { name: 'Enviar foto' }));
    expect(
      await screen.findByText('Foto Etiqueta de preço enviada! Aguardando auditoria: 30 pontos pendentes.'),
    ).toBeTruthy();
    expect(sent[1]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1]!.key).not.toBe(sent[0]!.key);
    expect(sent[1]!.image.name).toBe('b.jpg');

    const mine = await screen.findByRole('list', { name: 'Fotos enviadas' });
    expect(within(mine).getByText('Motivo: Foto escura')).toBeTruthy();
    expect(within(mine).getByText('Reprovada')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('photos-pending-points').textContent).toBe('Pontos pendentes: 50'),
    );
  });
});
