import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { AppProviders } from '../../../app/providers';
import { ApiError } from '../../../lib/api-client';
import { UploadField } from './upload-field';

const uploadFile = vi.hoisted(() => vi.fn());
vi.mock('../api/upload', () => ({ uploadFile }));

async function refusedWith(error: ApiError): Promise<string> {
  uploadFile.mockRejectedValueOnce(error);
  const { container, unmount } = render(
    <AppProviders env="test">
      <UploadField url="/api/x" schema={z.unknown()} hint="ZIP" label="Pacote" onUploaded={() => {}} />
    </AppProviders>,
  );
  const input = container.querySelector('input[type="file"]')!;
  fireEvent.change(input, {
    target: { files: [new File(['PK'], 'pacote.zip', { type: 'application/zip' })] },
  });
  const alert = await waitFor(() => screen.getByTestId('upload-error'));
  const text = alert.textContent ?? '';
  unmount();
  return text;
}

describe('UploadField', () => {
  it('says why the server refused the file, with the limit it names', async () => {
    expect(
      await refusedWith(new ApiError(413, 'UPLOAD_TOO_LARGE', '', { field: 'file', megabytes: 512 })),
    ).toBe('O arquivo é maior que o limite de 512 MB.');
    expect(
      await refusedWith(
        new ApiError(413, 'UPLOAD_UNPACKED_TOO_LARGE', '', { field: 'file', megabytes: 1024 }),
      ),
    ).toBe('Pacote recusado: depois de descompactado passa do limite de 1024 MB.');
    expect(
      await refusedWith(new ApiError(413, 'UPLOAD_TOO_MANY_FILES', '', { field: 'file', count: 10000 })),
    ).toBe('Pacote recusado: tem mais que o limite de 10000 arquivos.');
    expect(await refusedWith(new ApiError(415, 'UPLOAD_TYPE_NOT_ACCEPTED', '', { field: 'file' }))).toBe(
      'Este tipo de arquivo não é aceito aqui.',
    );
    expect(await refusedWith(new ApiError(400, 'UPLOAD_INVALID_CONTENT', '', { field: 'file' }))).toContain(
      'corrompido',
    );
  });
});
