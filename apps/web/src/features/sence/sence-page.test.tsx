import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers';
import { useCommonStore } from '../../lib/session-store';
import { json } from '../../test/fixtures';
import { mockApi } from '../../test/render-app';
import SencePage from './pages/sence-page';

beforeAll(() => {
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    });
});
afterEach(() => vi.restoreAllMocks());

function renderAt(path: string) {
  useCommonStore.setState({ accessToken: 'access', sessionType: 'password' });
  const router = createMemoryRouter([{ path: '/sence', element: <SencePage /> }], { initialEntries: [path] });
  render(
    <AppProviders env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const session = (over: Record<string, unknown> = {}) => ({
  id: 5,
  senceCode: '1234567890',
  courseCode: 'CURSO-01',
  status: 'failed',
  authorityCode: '309',
  error: 'SENCE_AUTH_COURSE_FINISHED',
  createdAt: '2026-11-25T10:00:00.000Z',
  expiresAt: '2026-11-25T10:03:00.000Z',
  finishedAt: '2026-11-25T10:01:00.000Z',
  ...over,
});

const started = {
  id: 9,
  action: 'https://authority.example/rce/Registro/IniciarSesion',
  fields: {
    RutOtec: '76000000-0',
    CodSence: '1234567890',
    CodigoCurso: 'CUR1234',
    IdSesionAlumno: 's'.repeat(43),
    UrlRetoma: 'http://localhost:3000/api/sence/return/success?client=1&state=x',
    UrlError: 'http://localhost:3000/api/sence/return/error?client=1&state=x',
  },
  expiresAt: '2026-11-25T10:03:00.000Z',
};

describe('SENCE page', () => {
  it('checks the codes, then posts a real form to the authority with the fields the API gave', async () => {
    const submitted: { action: string; fields: Record<string, string> }[] = [];
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      submitted.push({
        action: this.action,
        fields: Object.fromEntries([...new FormData(this).entries()].map(([k, v]) => [k, String(v)])),
      });
    });
    const bodies: unknown[] = [];
    mockApi((url, init) => {
      if (url === '/api/sence/sessions/latest') return json({ session: null });
      if (url === '/api/sence/sessions' && init?.method === 'POST') {
        bodies.push(JSON.parse(String(init.body)));
        return json(started, 201);
      }
      return undefined;
    });
    renderAt('/sence');

    const sence = await screen.findByRole('textbox', { name: /^Código SENCE/ });
    const course = screen.getByRole('textbox', { name: /^Código do curso/ });
    fireEvent.click(screen.getByRole('button', { name: 'Continuar para o SENCE' }));
    expect(await screen.findAllByText('Preencha este código.')).toHaveLength(2);
    expect(sence.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(sence, { target: { value: '123456789' } });
    fireEvent.change(course, { target: { value: 'CUR 12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continuar para o SENCE' }));
    expect(await screen.findByText('Este código precisa ter no mínimo 10 caracteres.')).toBeTruthy();
    expect(screen.getByText('Este código precisa ter no mínimo 7 caracteres.')).toBeTruthy();
    expect(bodies).toEqual([]);

    fireEvent.change(course, { target: { value: 'CUR 123' } });
    expect(await screen.findByText('Use apenas letras, números e hífens.')).toBeTruthy();

    fireEvent.change(sence, { target: { value: ' 1234567890 ' } });
    fireEvent.change(course, { target: { value: 'CUR1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continuar para o SENCE' }));
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(bodies).toEqual([{ senceCode: '1234567890', courseCode: 'CUR1234' }]);
    expect(submitted[0]).toEqual({ action: started.action, fields: started.fields });
    expect(screen.getByText('Levando você ao SENCE…')).toBeTruthy();
  });

  it('shows the translated message of the authority’s error and lets the learner try again', async () => {
    mockApi((url) => (url === '/api/sence/sessions/latest' ? json({ session: session() }) : undefined));
    const router = renderAt('/sence?result=error&error=SENCE_AUTH_COURSE_FINISHED');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('O curso já terminou no SENCE e não aceita mais acessos.');
    expect(await screen.findByText('Código SENCE 309')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    // The form comes back with the codes of the last entry.
    expect(await screen.findByRole('textbox', { name: /^Código SENCE/ })).toHaveProperty(
      'value',
      '1234567890',
    );
    expect(screen.getByRole('textbox', { name: /^Código do curso/ })).toHaveProperty('value', 'CURSO-01');
  });

  it('confirms a successful entry with its course code', async () => {
    mockApi((url) =>
      url === '/api/sence/sessions/latest'
        ? json({ session: session({ status: 'succeeded', authorityCode: null, error: null }) })
        : undefined,
    );
    renderAt('/sence?result=success');
    expect(await screen.findByText('Acesso registrado no SENCE')).toBeTruthy();
    expect(
      await screen.findByText(
        'O SENCE confirmou seu acesso ao curso CURSO-01. Você pode seguir com sua capacitação.',
      ),
    ).toBeTruthy();
  });

  it('shows an expired window in the learner’s words, not a code', async () => {
    mockApi((url) =>
      url === '/api/sence/sessions/latest'
        ? json({
            session: session({ status: 'expired', authorityCode: null, error: 'SENCE_WINDOW_EXPIRED' }),
          })
        : undefined,
    );
    renderAt('/sence?result=error&error=SENCE_WINDOW_EXPIRED');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Passaram mais de 3 minutos desde o início do acesso ao SENCE.',
    );
    expect(screen.queryByText(/Código SENCE \d/)).toBeNull();
  });
});
