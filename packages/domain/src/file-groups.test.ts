import { describe, expect, it } from 'vitest';
import { extensionOf, fileGroupOfName, fileGroupOfUpload } from './file-groups';

describe('fileGroupOfName', () => {
  it('groups a file by its extension, whatever its case, a URL or a bare extension', () => {
    expect(fileGroupOfName('Relatorio.XLSX')).toBe('excel');
    expect(fileGroupOfName('/files/aula.mp4?token=1')).toBe('video');
    expect(fileGroupOfName('contrato.docx')).toBe('document');
    expect(fileGroupOfName('pptx')).toBe('powerpoint');
    expect(fileGroupOfName('animacao.swf')).toBeNull();
    expect(extensionOf('sem-extensao')).toBe('');
  });
});

describe('fileGroupOfUpload', () => {
  it('groups an upload by its sniffed type', () => {
    expect(fileGroupOfUpload('video/mp4', 'x.bin')).toBe('video');
    expect(fileGroupOfUpload('audio/mpeg', 'x')).toBe('audio');
    expect(fileGroupOfUpload('application/pdf', 'guia.txt')).toBe('pdf');
    expect(fileGroupOfUpload('image/png', 'foto.png')).toBe('image');
    expect(
      fileGroupOfUpload('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'a.xlsx'),
    ).toBe('excel');
    expect(
      fileGroupOfUpload('application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'a'),
    ).toBe('document');
    expect(fileGroupOfUpload('application/rtf', 'a.rtf')).toBe('document');
    expect(
      fileGroupOfUpload('application/vnd.openxmlformats-officedocument.presentationml.presentation', 'a'),
    ).toBe('powerpoint');
    expect(fileGroupOfUpload('application/zip', 'pacote.zip')).toBe('compressed');
  });

  it('tells legacy Office files apart by their name', () => {
    expect(fileGroupOfUpload('application/x-cfb', 'Planilha.XLS')).toBe('excel');
    expect(fileGroupOfUpload('application/x-cfb', 'aula.ppt')).toBe('powerpoint');
    expect(fileGroupOfUpload('application/x-cfb', 'aula.pps')).toBe('powerpoint');
    expect(fileGroupOfUpload('application/x-cfb', 'carta.doc')).toBe('document');
    expect(fileGroupOfUpload('application/x-cfb', 'sem-nome')).toBe('document');
  });
});
