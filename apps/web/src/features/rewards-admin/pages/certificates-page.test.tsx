import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useCommonStore } from '../../../lib/session-store';
import { client, json, session } from '../../../test/fixtures';
import { mockApi, renderApp, settledAt } from '../../../test/render-app';

function signIn() {
  useCommonStore.setState({
    accessToken: 'access',
    sessionType: 'password',
    session: session({
      canAccessBackOffice: true,
      clients: [client({ name: 'Aurora Varejo', roles: ['program_admin'] })],
    }),
  });
}

const template = {
  titles: {
    'pt-BR': 'Certificado de conclusão',
    'en-US': 'Certificate of completion',
    es: 'Certificado de finalización',
    fr: 'Certificat de réussite',
  },
  primaryColor: '#1c6dd0',
  accentColor: '#f08c00',
  signatures: [{ name: 'Ana Lima', role: 'Diretora de RH' }],
  logoUrl: null,
  isDefault: true,
  updatedAt: null,
};

const certificate = {
  id: 9,
  code: 'AB12-CD34-EF56',
  userId: 41,
  learnerName: 'Bruno Souza',
  title: 'Segurança no trabalho',
  targetType: 'course',
  targetId: 12,
  issuedAt: '2026-11-02T10:00:00.000Z',
  expiresAt: null,
  status: 'valid',
  revokedAt: null,
  revokeReason: null,
};

describe('the certificates screen', () => {
  it('redraws the preview as the form changes and asks the server for the PDF of the settled draft', async () => {
    const { calls } = mockApi((url) => {
      if (url === '/api/admin/certificates/template') return json(template);
      if (url === '/api/admin/certificates/template/preview')
        return new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), {
          headers: { 'Content-Type': 'application/pdf' },
        });
      if (url.startsWith('/api/admin/certificates'))
        return json({ items: [], total: 0, page: 1, pageSize: 20 });
      return undefined;
    });
    signIn();
    const { router } = renderApp('/admin/rewards/certificates');
    await settledAt(router, '/admin/rewards/certificates');
    const preview = await screen.findByTestId('certificate-preview');
    await waitFor(() => expect(preview.textContent).toContain('Certificado de conclusão'));
    expect(preview.textContent).toContain('Maria da Silva');
    expect(preview.textContent).toContain('Ana Lima');
    expect(preview.textContent).toContain('Aurora Varejo');

    fireEvent.change(screen.getByRole('textbox', { name: 'Português (Brasil)' }), {
      target: { value: 'Certificado Aurora' },
    });
    expect(preview.textContent).toContain('Certificado Aurora');
    await waitFor(() => {
      const previews = calls.filter((c) => c.url === '/api/admin/certificates/template/preview');
      expect(previews.length).toBeGreaterThan(0);
      expect(JSON.parse(String(previews.at(-1)!.init?.body))).toMatchObject({
        titles: { 'pt-BR': 'Certificado Aurora' },
        primaryColor: '#1c6dd0',
        signatures: [{ name: 'Ana Lima', role: 'Diretora de RH' }],
      });
    });
    await waitFor(() =>
      expect(
        (screen.getByRole('button', { name: 'Baixar PDF da prévia' }) as HTMLButtonElement).disabled,
      ).toBe(false),
    );
  });

  it('revokes a certificate only with a reason, after saying what it means', async () => {
    const { calls } = mockApi((url, init) => {
      if (url === '/api/admin/certificates/template') return json(template);
      if (url === '/api/admin/certificates/9/revoke' && init?.method === 'POST')
        return json({ ...certificate, status: 'revoked', revokedAt: '2026-11-24T10:00:00.000Z' });
      if (url.startsWith('/api/admin/certificates?'))
        return json({ items: [certificate], total: 1, page: 1, pageSize: 20 });
      if (url === '/api/admin/certificates/template/preview')
        return new Response(new Blob(['%PDF']), { headers: { 'Content-Type': 'application/pdf' } });
      return undefined;
    });
    signIn();
    const { router } = renderApp('/admin/rewards/certificates');
    await settledAt(router, '/admin/rewards/certificates');
    fireEvent.click(
      await screen.findByRole('button', { name: 'Revogar o certificado AB12-CD34-EF56 de Bruno Souza' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Revogar certificado' });
    expect(dialog.textContent).toContain('deixa de valer');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revogar certificado' }));
    expect(await within(dialog).findByText('Escreva o motivo com 3 a 500 caracteres.')).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/admin/certificates/9/revoke')).toBe(false);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /Motivo/ }), {
      target: { value: 'Emitido por engano' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revogar certificado' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/admin/certificates/9/revoke')).toBe(true));
    const sent = calls.find((c) => c.url === '/api/admin/certificates/9/revoke')!;
    expect(JSON.parse(String(sent.init?.body))).toEqual({ reason: 'Emitido por engano' });
    expect(await screen.findByText('Certificado AB12-CD34-EF56 revogado.')).toBeTruthy();
  });
});
