import { act, renderHook } from '@testing-library/react';
import { useForm, type FieldError } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { apiErrorText, applyFieldErrors, fieldMessage } from './form-errors';

const internal = 'Ocorreu um erro inesperado. Tente novamente.';
const validationFailed = 'Certifique-se de que todos os campos obrigatórios estão preenchidos';

describe('apiErrorText', () => {
  it("translates an ApiError's code, anything else as INTERNAL", () => {
    expect(apiErrorText(new ApiError(409, 'NOT_UNIQUE', 'Conflict'))).toBe('Registro não único');
    expect(apiErrorText(new Error('NOT_UNIQUE'))).toBe(internal);
    expect(apiErrorText(undefined)).toBe(internal);
  });
});

describe('fieldMessage', () => {
  const error = (message?: string): FieldError => ({ type: 'custom', message });

  it('translates a message that is an error code', () => {
    expect(fieldMessage(error('NOT_UNIQUE'))).toBe('Registro não único');
    expect(fieldMessage(error('NOT_UNIQUE'), 'PROFILE_FIELD_INVALID')).toBe('Registro não único');
  });

  it('shows the fallback code for a message that is not a code, or none', () => {
    expect(fieldMessage(error('Too short'))).toBe(validationFailed);
    expect(fieldMessage(error())).toBe(validationFailed);
    expect(fieldMessage(error(''))).toBe(validationFailed);
    expect(fieldMessage(error('Too short'), 'PROFILE_FIELD_INVALID')).toBe('Preencha o campo corretamente');
    expect(fieldMessage(error(), 'PROFILE_FIELD_INVALID')).toBe('Preencha o campo corretamente');
  });

  it('answers undefined for a field without an error', () => {
    expect(fieldMessage(undefined)).toBeUndefined();
    expect(fieldMessage(undefined, 'PROFILE_FIELD_INVALID')).toBeUndefined();
  });
});

describe('applyFieldErrors', () => {
  it('puts each detail on its path and focuses only the first', () => {
    const setError = vi.fn();
    const error = new ApiError(400, 'VALIDATION_FAILED', 'Invalid', [
      { path: 'email', code: 'NOT_UNIQUE' },
      { code: 'IGNORED_WITHOUT_PATH' },
      { path: 'phone' },
      { path: 'address.city', code: 'PROFILE_FIELD_INVALID' },
    ]);

    expect(applyFieldErrors(error, setError)).toBe(true);

    expect(setError.mock.calls).toEqual([
      ['email', { type: 'server', message: 'NOT_UNIQUE' }, { shouldFocus: true }],
      ['phone', { type: 'server', message: 'VALIDATION_FAILED' }, { shouldFocus: false }],
      ['address.city', { type: 'server', message: 'PROFILE_FIELD_INVALID' }, { shouldFocus: false }],
    ]);
  });

  it('focuses the first failing field of a real form', () => {
    const { result } = renderHook(() => useForm<{ name: string; email: string }>());
    const [name, email] = [document.createElement('input'), document.createElement('input')];
    document.body.append(name, email);
    result.current.register('name').ref(name);
    result.current.register('email').ref(email);
    const error = new ApiError(400, 'VALIDATION_FAILED', 'Invalid', [
      { path: 'email', code: 'NOT_UNIQUE' },
      { path: 'name', code: 'PROFILE_FIELD_INVALID' },
    ]);

    act(() => {
      applyFieldErrors(error, result.current.setError);
    });

    expect(document.activeElement).toBe(email);
    expect(result.current.getFieldState('email').error?.message).toBe('NOT_UNIQUE');
    expect(result.current.getFieldState('name').error?.message).toBe('PROFILE_FIELD_INVALID');
    name.remove();
    email.remove();
  });

  it('answers false, setting nothing, when there are no field details', () => {
    const setError = vi.fn();
    expect(applyFieldErrors(new Error('boom'), setError)).toBe(false);
    expect(applyFieldErrors(new ApiError(500, 'INTERNAL', 'Oops'), setError)).toBe(false);
    expect(
      applyFieldErrors(new ApiError(400, 'VALIDATION_FAILED', 'Invalid', [{ code: 'X' }]), setError),
    ).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });
});
