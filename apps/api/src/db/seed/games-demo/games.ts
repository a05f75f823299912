import type { GameKind, GameSettingsInput } from '@trilha/contracts/learning';
import { floorPlanZones } from './art';

/** The games of the demo course "Desafios do varejo": one of each kind, for the sales staff of a store. */

export interface DemoGame<K extends GameKind = GameKind> {
  kind: K;
  title: string;
  description: string;
  settings: GameSettingsInput<K>;
}

/** Where the uploaded pictures are (each an `/api/media/game-images/…` URL). */
export interface DemoGameImages {
  floorPlan: string;
  notebook: string;
  smartphone: string;
  headphones: string;
  smartwatch: string;
  cardMachine: string;
}

type Games = { [K in GameKind]: DemoGame<K> }[GameKind][];

/** The eight games, in the course's order: the store first, then products, then payment. */
export function demoGames(img: DemoGameImages): Games {
  return [
    {
      kind: 'drag_and_drop',
      title: 'Cada coisa em seu lugar',
      description: 'Arraste cada tarefa para a área da loja onde ela acontece.',
      settings: {
        instructions:
          'Esta é a planta da nossa loja. Arraste cada tarefa para a área onde ela acontece. Atenção: uma delas não pertence a nenhuma área.',
        allowedErrors: 3,
        points: 40,
        xp: 30,
        layout: 'image',
        imageUrl: img.floorPlan,
        zones: floorPlanZones.map((z) => ({ id: z.id, label: z.label, rect: z.rect })),
        items: [
          { id: 'boas-vindas', face: { text: 'Dar boas-vindas ao cliente que chega' }, zoneId: 'entrada' },
          { id: 'cestinhas', face: { text: 'Deixar as cestinhas à mão de quem entra' }, zoneId: 'entrada' },
          {
            id: 'lancamento',
            face: { text: 'Expor o lançamento da semana para quem passa na rua' },
            zoneId: 'vitrine',
          },
          {
            id: 'etiquetas',
            face: { text: 'Conferir se o preço da vitrine está visível de fora' },
            zoneId: 'vitrine',
          },
          {
            id: 'testar',
            face: { text: 'Deixar o cliente testar o notebook ligado' },
            zoneId: 'demonstracao',
          },
          {
            id: 'carregar',
            face: { text: 'Manter os celulares de mostruário carregados' },
            zoneId: 'demonstracao',
          },
          { id: 'pix', face: { text: 'Receber o pagamento por Pix ou cartão' }, zoneId: 'caixa' },
          { id: 'nota', face: { text: 'Entregar a nota fiscal e explicar a garantia' }, zoneId: 'caixa' },
          {
            id: 'recebimento',
            face: { text: 'Conferir a nota do fornecedor com as caixas recebidas' },
            zoneId: 'estoque',
          },
          {
            id: 'peps',
            face: { text: 'Guardar os lotes novos atrás dos antigos (PEPS)' },
            zoneId: 'estoque',
          },
          { id: 'senha', face: { text: 'Anotar a senha do cartão do cliente' }, zoneId: null },
        ],
      },
    },
    {
      kind: 'find_the_pairs',
      title: 'Memória dos produtos',
      description: 'Encontre os pares: cada produto com o seu nome, cada termo com o que ele significa.',
      settings: {
        instructions: 'Vire duas cartas por vez e encontre os pares. Você pode errar até 4 vezes.',
        allowedErrors: 4,
        points: 30,
        xp: 20,
        pairs: [
          { id: 'notebook', a: { text: '', imageUrl: img.notebook }, b: { text: 'Notebook' } },
          { id: 'smartphone', a: { text: '', imageUrl: img.smartphone }, b: { text: 'Smartphone' } },
          { id: 'fone', a: { text: '', imageUrl: img.headphones }, b: { text: 'Fone Bluetooth' } },
          { id: 'relogio', a: { text: '', imageUrl: img.smartwatch }, b: { text: 'Smartwatch' } },
          { id: 'ssd', a: { text: 'SSD' }, b: { text: 'Liga o notebook em segundos' } },
          {
            id: 'bateria',
            a: { text: 'Bateria de 5000 mAh' },
            b: { text: 'Um dia inteiro longe da tomada' },
          },
        ],
      },
    },
    {
      kind: 'this_or_that',
      title: 'Notebook ou smartphone?',
      description: 'Para cada necessidade do cliente, indique o aparelho que atende melhor.',
      settings: {
        instructions:
          'O cliente conta o que precisa. Mande cada necessidade para o notebook (esquerda) ou para o smartphone (direita).',
        allowedErrors: 2,
        points: 30,
        xp: 20,
        left: { text: 'Notebook', imageUrl: img.notebook },
        right: { text: 'Smartphone', imageUrl: img.smartphone },
        items: [
          {
            id: 'planilhas',
            face: { text: 'Montar planilhas grandes com teclado e tela ampla' },
            side: 'left',
          },
          {
            id: 'aproximacao',
            face: { text: 'Pagar por aproximação no ônibus e na padaria' },
            side: 'right',
          },
          {
            id: 'projetor',
            face: { text: 'Ligar no projetor da sala de reunião pela porta HDMI' },
            side: 'left',
          },
          {
            id: 'stories',
            face: { text: 'Gravar vídeos para as redes sociais durante o passeio' },
            side: 'right',
          },
          { id: 'edicao', face: { text: 'Editar vídeos longos com vários programas abertos' }, side: 'left' },
          { id: 'gps', face: { text: 'Usar GPS e aplicativos de entrega na rua' }, side: 'right' },
          {
            id: 'tcc',
            face: { text: 'Escrever o trabalho da faculdade com várias abas de pesquisa' },
            side: 'left',
          },
          {
            id: 'bolso',
            face: { text: 'Responder clientes pelo WhatsApp em qualquer lugar' },
            side: 'right',
          },
        ],
      },
    },
    {
      kind: 'flashcards',
      title: 'Termos de tecnologia',
      description: 'Revise os termos que o cliente ouve na loja e saiba explicá-los em uma frase.',
      settings: {
        instructions:
          'Leia o termo, pense em como explicaria ao cliente e vire a carta. Marque “já sei” ou “ainda não”: as que você não sabe voltam.',
        points: 20,
        xp: 15,
        cards: [
          {
            id: 'ram',
            front: { text: 'Memória RAM' },
            back: {
              text: 'A memória de trabalho: quanto mais, mais programas abertos ao mesmo tempo sem travar.',
            },
          },
          {
            id: 'ssd',
            front: { text: 'SSD' },
            back: {
              text: 'Armazenamento sem partes móveis: liga o sistema e abre arquivos muito mais rápido que um HD.',
            },
          },
          {
            id: 'mah',
            front: { text: 'mAh' },
            back: {
              text: 'A capacidade da bateria do celular: 5000 mAh costuma durar um dia inteiro de uso.',
            },
          },
          {
            id: 'hz',
            front: { text: 'Tela de 120 Hz' },
            back: {
              text: 'A imagem se renova 120 vezes por segundo: a rolagem e os jogos ficam mais suaves.',
            },
          },
          {
            id: '5g',
            front: { text: '5G' },
            back: { text: 'A rede móvel mais rápida; o aparelho e o plano do cliente precisam ter suporte.' },
          },
          {
            id: 'nfc',
            front: { text: 'NFC' },
            back: { text: 'O que permite pagar por aproximação com o celular ou o relógio.' },
          },
          {
            id: 'polegadas',
            front: { text: 'Polegadas da tela' },
            back: {
              text: 'A diagonal da tela: 14" é mais portátil, 15,6" é mais confortável para planilhas.',
            },
          },
        ],
      },
    },
    {
      kind: 'drag_the_words',
      title: 'Atendimento em cinco passos',
      description: 'Complete o roteiro do bom atendimento arrastando as palavras certas.',
      settings: {
        instructions: 'Arraste as palavras do banco para as lacunas. Sobram palavras: nem todas servem.',
        allowedErrors: 3,
        points: 30,
        xp: 20,
        parts: [
          { type: 'text', text: 'Quando o cliente chega, faça contato visual e ' },
          { type: 'gap', id: 'cumprimente', answer: 'cumprimente' },
          { type: 'text', text: ' em até dez segundos. Depois, faça perguntas ' },
          { type: 'gap', id: 'abertas', answer: 'abertas' },
          { type: 'text', text: ' para entender para que ele vai usar o produto. Apresente no máximo ' },
          { type: 'gap', id: 'tres', answer: 'três' },
          { type: 'text', text: ' opções, destacando os ' },
          { type: 'gap', id: 'beneficios', answer: 'benefícios' },
          { type: 'text', text: ' e não só a ficha técnica. Antes de fechar, ofereça um ' },
          { type: 'gap', id: 'acessorio', answer: 'acessório' },
          { type: 'text', text: ' que complete a compra, como uma capa ou um fone.' },
        ],
        distractors: ['fechadas', 'dez', 'defeitos', 'desconto'],
      },
    },
    {
      kind: 'fill_in_the_blanks',
      title: 'Formas de pagamento',
      description: 'Digite as palavras que faltam sobre Pix, cartões e a maquininha.',
      settings: {
        instructions: 'Digite a palavra que falta em cada lacuna e confira. Acentos e maiúsculas não contam.',
        allowedErrors: 3,
        points: 30,
        xp: 20,
        parts: [
          { type: 'text', text: 'O Pix cai na conta da loja em ' },
          { type: 'gap', id: 'segundos', answers: ['segundos', 'poucos segundos'] },
          { type: 'text', text: ' e funciona 24 horas por dia. No cartão de ' },
          { type: 'gap', id: 'credito', answers: ['crédito'] },
          { type: 'text', text: ', a compra pode ser parcelada; no de ' },
          { type: 'gap', id: 'debito', answers: ['débito'] },
          {
            type: 'text',
            text: ', o valor sai na hora da conta do cliente. Para pagar por aproximação, o cliente encosta o cartão, o celular ou o relógio na ',
          },
          { type: 'gap', id: 'maquininha', answers: ['maquininha', 'máquina', 'máquina de cartão', 'POS'] },
          { type: 'text', text: '. A senha é sempre digitada pelo ' },
          { type: 'gap', id: 'cliente', answers: ['cliente', 'próprio cliente', 'titular'] },
          { type: 'text', text: '.' },
        ],
      },
    },
    {
      kind: 'true_or_false',
      title: 'Verdadeiro ou falso no caixa',
      description: 'Situações do dia a dia do caixa: responda em sequência e leia a explicação.',
      settings: {
        instructions: 'Responda cada afirmação. Depois de responder, leia a explicação antes de seguir.',
        allowedErrors: 2,
        timeLimitSeconds: 300,
        points: 30,
        xp: 20,
        statements: [
          {
            id: 'qr',
            text: 'O cliente pode pagar com Pix lendo o QR Code que aparece na tela da maquininha.',
            imageUrl: img.cardMachine,
            answer: true,
            feedback: 'Verdade: a maquininha gera o QR Code com o valor certo e o pagamento cai na hora.',
          },
          {
            id: 'aproximacao',
            text: 'O pagamento por aproximação só funciona com o cartão físico.',
            answer: false,
            feedback: 'Falso: celulares e relógios com NFC também pagam por aproximação.',
          },
          {
            id: 'senha',
            text: 'Para agilizar a fila, o vendedor pode digitar a senha do cartão se o cliente disser qual é.',
            answer: false,
            feedback:
              'Falso: a senha é pessoal. Entregue a maquininha e vire o rosto enquanto o cliente digita.',
          },
          {
            id: 'dois-cartoes',
            text: 'Uma compra dividida em dois cartões gera duas transações, uma em cada cartão.',
            answer: true,
            feedback: 'Verdade: registre o valor de cada parte antes de passar o segundo cartão.',
          },
          {
            id: 'troco',
            text: 'O troco de um pagamento em dinheiro deve ser contado na frente do cliente.',
            answer: true,
            feedback: 'Verdade: contar em voz alta evita enganos e dá segurança aos dois.',
          },
          {
            id: 'garantia',
            text: 'Com a nota fiscal na mão, o cliente não precisa saber o prazo de garantia do aparelho.',
            answer: false,
            feedback: 'Falso: explique a garantia do fabricante e a troca da loja na entrega da nota.',
          },
        ],
      },
    },
    {
      kind: 'enigma',
      title: 'Enigma da gôndola',
      description: 'Um enigma sobre a organização da loja. Adivinhe letra por letra.',
      settings: {
        instructions:
          'Leia o enigma e escolha uma letra por vez. Dicas ajudam, mas cada uma conta como um erro.',
        allowedErrors: 5,
        points: 20,
        xp: 15,
        riddle:
          'Sou um mapa, mas não mostro ruas: mostro em que prateleira, em que altura e ao lado de quem cada produto fica. Quem sou eu?',
        answer: 'Planograma',
        hints: [
          'Começa com a letra P.',
          'É a planta da gôndola que o visual merchandising envia para a loja.',
        ],
        hintCost: 1,
      },
    },
  ];
}
