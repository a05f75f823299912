import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/fixtures';
import { mockApi, renderApp, settledAt } from '../../../test/render-app';

const certificate = {
  code: 'K7QX-2M9P-4TRD',
  learnerName: 'Maria Silva',
  title: 'Atendimento ao cliente',
  targetType: 'course',
  workloadMinutes: 90,
  issuedAt: '2026-03-10T12:00:00.000Z',
  expiresAt: '2027-03-10T12:00:00.000Z',
  status: 'valid',
  revokedAt: null,
  revokeReason: null,
  issuer: { name: 'Acme Varejo', logoUrl: null },
};

function answer(body: unknown, status = 200) {
  return mockApi((url, init) => {
    if (url.startsWith('/api/public/certificates/')) {
      // A public page: nothing identifies the visitor.
      expect(new Headers(init?.headers).get('Authorization')).toBeNull();
      return json(body, status);
    }
    return undefined;
  });
}

describe('public certificate page', () => {
  it('states plainly that a certificate is valid, with who, what, when, the workload and the issuer', async () => {
    const { calls } = answer(certificate);
    const { router } = renderApp('/certificates/K7QX-2M9P-4TRD');
    await settledAt(router, '/certificates/K7QX-2M9P-4TRD');
    expect(await screen.findByText('Certificado válido')).toBeTruthy();
    expect(screen.getByText('Este certificado é autêntico e vale até 10/03/2027.')).toBeTruthy();
    expect(screen.getByTestId('certificate-learner').textContent).toBe('Maria Silva');
    expect(screen.getByTestId('certificate-title').textContent).toBe('Atendimento ao cliente');
    expect(screen.getByText('concluiu o curso')).toBeTruthy();
    expect(screen.getByText('10/03/2026')).toBeTruthy();
    expect(screen.getByText('1 hora 30 minutos')).toBeTruthy();
    expect(screen.getByTestId('certificate-issuer').textContent).toBe('Acme Varejo');
    expect(calls.some((c) => c.url === '/api/public/certificates/K7QX-2M9P-4TRD')).toBe(true);
  });

  it('says a revoked certificate no longer holds, when and why', async () => {
    answer({
      ...certificate,
      status: 'revoked',
      revokedAt: '2026-06-01T12:00:00.000Z',
      revokeReason: 'Emitido por engano',
    });
    const { router } = renderApp('/certificates/K7QX-2M9P-4TRD');
    await settledAt(router, '/certificates/K7QX-2M9P-4TRD');
    expect(await screen.findByText('Certificado revogado')).toBeTruthy();
    expect(screen.getByText('Este certificado foi revogado em 01/06/2026 e não vale mais.')).toBeTruthy();
    expect(screen.getByText('Motivo: Emitido por engano')).toBeTruthy();
    expect(screen.getByTestId('certificate-status').getAttribute('data-status')).toBe('revoked');
  });

  it('tells a visitor that no certificate has an unknown code', async () => {
    answer({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
    const { router } = renderApp('/certificates/AAAA-BBBB-CCCC');
    await settledAt(router, '/certificates/AAAA-BBBB-CCCC');
    expect(await screen.findByText('Certificado não encontrado')).toBeTruthy();
    expect(screen.getByText(/Nenhum certificado tem o código AAAA-BBBB-CCCC/)).toBeTruthy();
  });
});
