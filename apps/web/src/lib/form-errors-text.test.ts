import { act, renderHook } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { profileProfessionalBody } from '@trilha/contracts/profile';
import { ApiError } from './api-client';
import { apiErrorText, applyFieldErrors, fieldMessage } from './form-errors';

const invalidCharacter = 'Este campo contém um caractere inválido. Apague-o e digite o texto de novo.';

describe('a NUL character in a text field', () => {
  it('is refused by the shared schema before sending, with its own translated message', () => {
    const parsed = profileProfessionalBody.safeParse({
      profession: 'Vendas\u0000',
      gminNumber: '',
      cadvCode: '',
      code: '',
    });
    expect(parsed.success).toBe(false);
    const issue = parsed.error!.issues[0]!;
    expect(issue).toMatchObject({ path: ['profession'], message: 'TEXT_INVALID_CHARACTER' });
    expect(fieldMessage({ type: 'custom', message: issue.message })).toBe(invalidCharacter);
  });

  it("shows the API's refusal on its field, or as the form's error when no field is named", () => {
    const { result } = renderHook(() => useForm<{ profession: string }>());
    const refused = new ApiError(400, 'TEXT_INVALID_CHARACTER', 'Invalid character', [
      { path: 'profession', code: 'TEXT_INVALID_CHARACTER' },
    ]);
    act(() => {
      expect(applyFieldErrors(refused, result.current.setError)).toBe(true);
    });
    expect(fieldMessage(result.current.getFieldState('profession').error)).toBe(invalidCharacter);
    expect(apiErrorText(new ApiError(400, 'TEXT_INVALID_CHARACTER', 'Invalid character'))).toBe(
      invalidCharacter,
    );
  });
});
