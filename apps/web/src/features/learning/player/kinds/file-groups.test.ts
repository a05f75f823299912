import { IconFile, IconFileTypePdf, IconFileZip } from '@tabler/icons-react';
import { describe, expect, it } from 'vitest';
import { extensionOf, fileGroupIcon, fileGroupOf } from './file-groups';

describe('file extension groups', () => {
  it('groups files by extension, ignoring case and query strings', () => {
    expect(fileGroupOf('Relatorio.XLSX')).toBe('excel');
    expect(fileGroupOf('/files/aula.mp4?token=1')).toBe('video');
    expect(fileGroupOf('podcast.mp3')).toBe('audio');
    expect(fileGroupOf('guia.pdf')).toBe('pdf');
    expect(fileGroupOf('foto.jpeg')).toBe('image');
    expect(fileGroupOf('pacote.zip')).toBe('compressed');
    expect(fileGroupOf('contrato.docx')).toBe('document');
    expect(fileGroupOf('apresentacao.pptx')).toBe('powerpoint');
    expect(fileGroupOf('pptx')).toBe('powerpoint');
    expect(fileGroupOf('animacao.swf')).toBeNull();
    expect(extensionOf('sem-extensao')).toBe('');
  });

  it('gives each group its icon and unknown files a generic one', () => {
    expect(fileGroupIcon('pdf')).toBe(IconFileTypePdf);
    expect(fileGroupIcon('compressed')).toBe(IconFileZip);
    expect(fileGroupIcon(null)).toBe(IconFile);
  });
});
