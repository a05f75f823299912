import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { zipScormFolder } from '../../../modules/learning/scorm/zip-folder';
import type { DemoFileName } from './content';
import { makePlanogramPng, makeSignKitZip, makeSwf } from './demo-files';
import { makeDocx, makePptx, makeXlsx } from './office-files';

/** A path inside apps/api/demo-assets. */
export const demoAssetPath = (path: string) =>
  fileURLToPath(new URL(`../../../../demo-assets/${path}`, import.meta.url));
const asset = (path: string) => readFileSync(demoAssetPath(path));

/**
 * The bytes of each demo file, as an author would upload them: single files as they are, folders (SCORM
 * packages, the HLS stream) zipped the way the back office receives them.
 */
const makers: Record<DemoFileName, () => Buffer | Promise<Buffer>> = {
  'guide.pdf': () => asset('files/guia-rapido-do-vendedor.pdf'),
  'video.mp4': () => asset('media/demo-video.mp4'),
  'audio.mp3': () => asset('media/demo-audio.mp3'),
  'hls.zip': () => Buffer.from(zipScormFolder(demoAssetPath('media/hls'))),
  'html-lesson.html': () => asset('files/html-lesson/index.html'),
  'scorm12.zip': () => Buffer.from(zipScormFolder(demoAssetPath('scorm/retail-basics-scorm12'))),
  'scorm2004.zip': () => Buffer.from(zipScormFolder(demoAssetPath('scorm/product-knowledge-scorm2004'))),
  'flash.swf': makeSwf,
  'planogram.png': makePlanogramPng,
  'sign-kit.zip': makeSignKitZip,
  'models.xlsx': () =>
    makeXlsx(
      'Modelos',
      [
        [
          'Modelo',
          'Indicado para',
          'Processador',
          'Memória (GB)',
          'Armazenamento (GB)',
          'Tela (pol.)',
          'Preço sugerido (R$)',
        ],
        ['Nimbus Go 14', 'Estudos e navegação', 'Core i3', 8, 256, 14, 2799],
        ['Nimbus Air 14', 'Trabalho remoto', 'Core i5', 16, 512, 14, 4299],
        ['Nimbus Pro 15', 'Edição e multitarefa', 'Core i7', 16, 1024, 15.6, 6499],
        ['Nimbus Play 16', 'Jogos', 'Core i7 + GPU dedicada', 32, 1024, 16, 8999],
        ['Nimbus Ultra 14', 'Executivos (linha premium)', 'Core Ultra 7', 32, 1024, 14, 10499],
      ],
      [18, 26, 22, 14, 20, 12, 20],
    ),
  'discounts.xlsx': () =>
    makeXlsx(
      'Simulação',
      [
        ['Preço de tabela (R$)', 'Custo (R$)', 'Desconto (%)', 'Preço final (R$)', 'Margem (%)'],
        [1000, 620, 0, 1000, 38],
        [1000, 620, 5, 950, 34.7],
        [1000, 620, 10, 900, 31.1],
        [1000, 620, 15, 850, 27.1],
        [1000, 620, 20, 800, 22.5],
      ],
      [20, 12, 14, 18, 12],
    ),
  'follow-up.xlsx': () =>
    makeXlsx(
      'Pós-venda',
      [
        [
          'Cliente',
          'Telefone',
          'Data da compra',
          'Produto',
          'Contato de 7 dias',
          'Contato de 30 dias',
          'Observações',
        ],
        [
          'Maria Oliveira',
          '(11) 90000-0001',
          '03/11/2025',
          'Liquidificador Turbo',
          'Feito',
          'Agendado',
          'Pediu dicas de receitas',
        ],
        [
          'João Santos',
          '(11) 90000-0002',
          '05/11/2025',
          'Smart TV 50"',
          'Feito',
          '',
          'Interessado em soundbar',
        ],
        ['', '', '', '', '', '', ''],
      ],
      [20, 18, 16, 22, 18, 18, 28],
    ),
  'shift-planner.xlsx': () =>
    makeXlsx(
      'Semana',
      [
        ['Dia', 'Abertura', 'Prioridade do dia', 'Pausa', 'Meta de vendas (R$)', 'Fechamento'],
        ['Segunda', '09:00', 'Repor gôndola de entrada', '12:30', 8000, 'Conferir caixa'],
        ['Terça', '09:00', 'Contatos de pós-venda', '12:30', 8000, 'Conferir caixa'],
        ['Quarta', '13:00', 'Trocar vitrine', '17:00', 9000, 'Relatório da semana'],
        ['Quinta', '09:00', 'Treinamento on-line', '12:30', 9000, 'Conferir caixa'],
        ['Sexta', '13:00', 'Ofertas do fim de semana', '17:00', 12000, 'Conferir caixa'],
        ['Sábado', '09:00', 'Atendimento de pico', '13:00', 15000, 'Organizar estoque'],
      ],
      [12, 10, 30, 8, 20, 20],
    ),
  'probing-script.docx': () =>
    makeDocx([
      '# Roteiro de sondagem',
      'Use este roteiro na próxima conversa com um cliente e anote o que ouviu. Leve para a conversa com seu líder.',
      '## Abertura',
      '- Cumprimente e apresente-se pelo nome.',
      '- "O que trouxe você à loja hoje?"',
      '## Necessidade',
      '- "Para quem é o produto? Como vai ser usado?"',
      '- "O que não pode faltar? O que seria um bônus?"',
      '- "Você já usou algo parecido? O que achou?"',
      '## Confirmação',
      '- Repita com suas palavras o que entendeu e pergunte se está certo.',
      '## Minhas anotações',
      '____________________________________________________________',
      '____________________________________________________________',
    ]),
  'practical-checklist.docx': () =>
    makeDocx([
      '# Checklist da avaliação prática',
      'O instrutor acompanha a montagem da vitrine e marca cada item observado.',
      '## Vitrine',
      '[ ] O produto de destaque está na zona quente, à altura dos olhos.',
      '[ ] Há uma única mensagem principal por espaço.',
      '[ ] Todos os preços estão visíveis e legíveis.',
      '## Gôndola',
      '[ ] O planograma da gôndola de entrada foi seguido.',
      '[ ] Produtos complementares estão lado a lado.',
      '[ ] Não há espaços vazios nas prateleiras.',
      '## Resultado',
      'Instrutor: ____________________   Data: ___/___/______',
    ]),
  'acceptable-use.docx': () =>
    makeDocx([
      '# Política de uso aceitável',
      'Esta política vale para todos os vendedores de lojas parceiras que usam sistemas e equipamentos Nimbus.',
      '## Senhas',
      '- Sua senha é pessoal: nunca a compartilhe, nem com colegas.',
      '- Use frases longas e diferentes para cada sistema.',
      '## Dados de clientes',
      '- Peça apenas os dados necessários para a venda.',
      '- Não fotografe documentos de clientes com o seu celular.',
      '## Incidentes',
      '- Recebeu um link suspeito? Não clique e avise o suporte.',
    ]),
  'rewrite-exercise.docx': () =>
    makeDocx([
      '# Exercício: reescreva a frase',
      'Reescreva cada frase usando os quatro passos: observação, sentimento, necessidade e pedido.',
      '## Frases',
      '- "Você nunca lê o quadro de avisos."',
      '- "Esse cliente é impossível."',
      '- "Você sempre chega atrasado na troca de turno."',
      '- "Ninguém ajuda a arrumar o estoque."',
      '## Exemplo',
      'Observação: "Na troca de turno de hoje e de ontem, você chegou 15 minutos depois do horário." Sentimento: "Fiquei preocupada." Necessidade: "Preciso sair no horário para buscar meu filho." Pedido: "Você pode chegar às 14h em ponto amanhã?"',
    ]),
  'journey.pptx': () =>
    makePptx([
      {
        title: 'A jornada do cliente Aurora',
        bullets: ['Cinco momentos que decidem uma venda', 'Equipe de treinamento Aurora Varejo'],
      },
      {
        title: '1. Vitrine',
        bullets: ['O cliente decide entrar em 8 segundos', 'Uma mensagem clara, preço visível'],
      },
      {
        title: '2. Recepção',
        bullets: ['Contato visual e cumprimento em até 30 segundos', 'Pergunta aberta, sem pressa'],
      },
      {
        title: '3. Descoberta',
        bullets: ['Sondagem: para quem, para quê, o que não pode faltar', 'Confirme o que entendeu'],
      },
      {
        title: '4. Decisão',
        bullets: ['Recomende no máximo duas opções', 'Benefícios antes das especificações'],
      },
      { title: '5. Pós-venda', bullets: ['Contato em 7 dias', 'Convite para voltar'] },
    ]),
  'lineup.pptx': () =>
    makePptx([
      {
        title: 'Linha Nimbus 2025',
        bullets: ['Cinco notebooks, um para cada cliente', 'Treinamento de produto · Nimbus Tech'],
      },
      {
        title: 'Go e Air',
        bullets: [
          'Go 14: estudos e navegação, o melhor custo-benefício',
          'Air 14: leve, bateria para o dia todo',
        ],
      },
      { title: 'Pro e Play', bullets: ['Pro 15: edição e multitarefa', 'Play 16: GPU dedicada para jogos'] },
      {
        title: 'Ultra (premium)',
        bullets: ['Acabamento em alumínio, tela OLED', 'Garantia estendida de 3 anos'],
      },
    ]),
};

/** Makes each file once per run, however many activities upload it. */
export function createDemoSources() {
  const cache = new Map<DemoFileName, Promise<Buffer>>();
  return (name: DemoFileName): Promise<Buffer> => {
    let hit = cache.get(name);
    if (!hit) {
      hit = Promise.resolve().then(makers[name]);
      cache.set(name, hit);
    }
    return hit;
  };
}
