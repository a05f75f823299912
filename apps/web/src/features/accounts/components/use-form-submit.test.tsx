import { TextInput } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { ApiError } from '../../../lib/api-client';
import { fieldMessage } from '../../../lib/form-errors';
import { RequestError } from './request-error';
import { useFormSubmit } from './use-form-submit';

interface Values {
  email: string;
}

function EmailForm({
  send,
  then,
}: {
  send: (values: Values) => Promise<{ id: number }>;
  then: (result: { id: number }) => Promise<void> | void;
}) {
  const form = useForm<Values>({ defaultValues: { email: 'maria@example.com' } });
  const { mutation, onSubmit } = useFormSubmit(form, send, then);
  return (
    <>
      <RequestError error={mutation.error} />
      <form onSubmit={onSubmit} noValidate>
        <TextInput
          label="E-mail"
          error={fieldMessage(form.formState.errors.email)}
          {...form.register('email')}
        />
        <button type="submit">Enviar</button>
      </form>
    </>
  );
}

function renderForm(send: (values: Values) => Promise<{ id: number }>) {
  const then = vi.fn();
  render(
    <AppProviders env="test">
      <EmailForm send={send} then={then} />
    </AppProviders>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
  return then;
}

describe('useFormSubmit and RequestError', () => {
  it("sends the form's values and hands the answer on, with no alert", async () => {
    const send = vi.fn(async (_values: Values) => ({ id: 7 }));
    const then = renderForm(send);
    await waitFor(() => expect(then).toHaveBeenCalledWith({ id: 7 }));
    expect(send.mock.calls[0]?.[0]).toEqual({ email: 'maria@example.com' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("puts the API's field errors on their fields, focused, and says the call failed above", async () => {
    const then = renderForm(async () => {
      throw new ApiError(400, 'VALIDATION_FAILED', 'Invalid', [{ path: 'email', code: 'NOT_UNIQUE' }]);
    });
    expect(await screen.findByText('Registro não único')).toBeTruthy();
    const email = screen.getByRole('textbox', { name: 'E-mail' });
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(email);
    expect(screen.getByRole('alert').textContent).toBe(
      'Certifique-se de que todos os campos obrigatórios estão preenchidos',
    );
    expect(then).not.toHaveBeenCalled();
  });

  it('shows the translated text of any other failure', async () => {
    renderForm(async () => {
      throw new Error('network down');
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Ocorreu um erro inesperado. Tente novamente.',
    );
    expect(screen.getByRole('textbox', { name: 'E-mail' }).getAttribute('aria-invalid')).not.toBe('true');
  });
});
