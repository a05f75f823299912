import type { QuestionBody } from '@trilha/contracts/assessments/questions';
import type { QuestionArt } from './art';

/** A text in pt-BR, en-US, es and fr. */
export type L4 = readonly [string, string, string, string];

export type QuestionSpec =
  | { kind: 'single_choice'; options: L4[]; correct: number }
  | { kind: 'multiple_choice'; options: [L4, number][] }
  | { kind: 'true_false'; answer: boolean }
  | { kind: 'matching'; pairs: [L4, L4][] }
  | { kind: 'ordering'; items: L4[] }
  | { kind: 'numeric'; value: number; tolerance: number }
  | { kind: 'short_answer'; answers: string[] }
  | { kind: 'essay' };

export interface DemoQuestion {
  key: string;
  category: string;
  tags: string[];
  art?: QuestionArt;
  points?: number;
  stem: L4;
  feedback: L4;
  spec: QuestionSpec;
}

const langs = ['en-US', 'es', 'fr'] as const;

/** What each demo picture shows, for screen readers (the bank keeps one description per image). */
const artAlt: Record<QuestionArt, string> = {
  greeting: 'Balcão de loja com uma vendedora cumprimentando um cliente.',
  'price-tag': 'Etiqueta de preço de prateleira com o valor à vista e o parcelado.',
  shelf: 'Planograma de três prateleiras, cada uma com o seu rótulo.',
  ports: 'Lateral de um notebook com três portas marcadas A, B e C.',
  phishing: 'E-mail suspeito: remetente de domínio estranho, tom de urgência e um link.',
};

/** The bank's body of a demo question: pt-BR in the fields, the other languages as translations. */
export function bodyOf(q: DemoQuestion, categoryId: number, mediaUrl: string | null): QuestionBody {
  const s = q.spec;
  const at = (l: number) => (t: L4) => t[l]!;
  const translations = Object.fromEntries(
    langs.map((lang, i) => {
      const t = at(i + 1);
      const parts =
        s.kind === 'single_choice'
          ? { options: s.options.map((o) => ({ text: t(o) })) }
          : s.kind === 'multiple_choice'
            ? { options: s.options.map(([o]) => ({ text: t(o) })) }
            : s.kind === 'matching'
              ? { pairs: s.pairs.map(([l, r]) => ({ left: t(l), right: t(r) })) }
              : s.kind === 'ordering'
                ? { items: s.items.map(t) }
                : {};
      return [lang, { stem: t(q.stem), generalFeedback: t(q.feedback), ...parts }];
    }),
  );
  const common = {
    categoryId,
    stem: q.stem[0],
    generalFeedback: q.feedback[0],
    points: q.points ?? 1,
    tags: q.tags,
    media: mediaUrl && q.art ? { kind: 'image' as const, url: mediaUrl, alt: artAlt[q.art] } : null,
    translations,
  };
  switch (s.kind) {
    case 'single_choice':
      return {
        ...common,
        kind: s.kind,
        options: s.options.map((o, i) => ({ text: o[0], correct: i === s.correct })),
      };
    case 'multiple_choice':
      return { ...common, kind: s.kind, options: s.options.map(([o, weight]) => ({ text: o[0], weight })) };
    case 'true_false':
      return { ...common, kind: s.kind, answer: s.answer };
    case 'matching':
      return { ...common, kind: s.kind, pairs: s.pairs.map(([l, r]) => ({ left: l[0], right: r[0] })) };
    case 'ordering':
      return { ...common, kind: s.kind, items: s.items.map((i) => i[0]) };
    case 'numeric':
      return { ...common, kind: s.kind, answer: { mode: 'value', value: s.value, tolerance: s.tolerance } };
    case 'short_answer':
      return { ...common, kind: s.kind, answers: s.answers };
    case 'essay':
      return { ...common, kind: s.kind };
  }
}

const TRUE_ANSWER: L4 = ['Verdadeiro.', 'True.', 'Verdadero.', 'Vrai.'];

// ------------------------------------------------------------------------------------------- Aurora

/** Aurora Varejo's bank: service, sales, and store and stock. */
export const auroraQuestions: DemoQuestion[] = [
  {
    key: 'acolhida',
    category: 'Atendimento',
    tags: ['atendimento', 'acolhida'],
    art: 'greeting',
    stem: [
      'Um cliente entra na loja e parece indeciso. Qual é a melhor primeira atitude?',
      'A customer walks into the store and looks unsure. What is the best first step?',
      'Un cliente entra en la tienda y parece indeciso. ¿Cuál es la mejor primera actitud?',
      'Un client entre dans le magasin et semble hésiter. Quelle est la meilleure première attitude ?',
    ],
    feedback: [
      'Acolher e abrir espaço para o cliente falar vem antes de qualquer oferta.',
      'Welcoming the customer and letting them talk comes before any offer.',
      'Recibir al cliente y dejarlo hablar va antes de cualquier oferta.',
      'Accueillir le client et le laisser parler passe avant toute offre.',
    ],
    spec: {
      kind: 'single_choice',
      correct: 0,
      options: [
        [
          'Cumprimentar e perguntar como pode ajudar',
          'Greet them and ask how you can help',
          'Saludar y preguntar cómo puede ayudar',
          'Le saluer et lui demander comment l’aider',
        ],
        [
          'Esperar que ele peça ajuda',
          'Wait until they ask for help',
          'Esperar a que pida ayuda',
          'Attendre qu’il demande de l’aide',
        ],
        [
          'Apresentar logo a promoção do dia',
          'Pitch the deal of the day straight away',
          'Presentar enseguida la promoción del día',
          'Présenter tout de suite la promotion du jour',
        ],
        [
          'Pedir que aguarde o gerente',
          'Ask them to wait for the manager',
          'Pedir que espere al gerente',
          'Lui demander d’attendre le responsable',
        ],
      ],
    },
  },
  {
    key: 'reclamacao',
    category: 'Atendimento',
    tags: ['atendimento', 'reclamação'],
    stem: [
      'Diante de uma reclamação, o primeiro passo é ouvir o cliente até o fim, sem interromper.',
      'When a customer complains, the first step is to listen to the end without interrupting.',
      'Ante un reclamo, el primer paso es escuchar al cliente hasta el final, sin interrumpir.',
      'Face à une réclamation, la première étape est d’écouter le client jusqu’au bout, sans l’interrompre.',
    ],
    feedback: [
      'Ouvir sem interromper mostra respeito e traz as informações para resolver.',
      'Listening without interrupting shows respect and gives you what you need to solve it.',
      'Escuchar sin interrumpir muestra respeto y da la información para resolver.',
      'Écouter sans interrompre montre du respect et donne les informations pour résoudre.',
    ],
    spec: { kind: 'true_false', answer: true },
  },
  {
    key: 'prazo-troca',
    category: 'Atendimento',
    tags: ['atendimento', 'trocas'],
    stem: [
      'Pela política da Aurora, em quantos dias corridos o cliente pode trocar um produto sem defeito?',
      'Under Aurora’s policy, within how many calendar days may a customer exchange a product with no defect?',
      'Según la política de Aurora, ¿en cuántos días corridos puede el cliente cambiar un producto sin defecto?',
      'Selon la politique d’Aurora, sous combien de jours calendaires le client peut-il échanger un produit sans défaut ?',
    ],
    feedback: [
      'A Aurora aceita trocas em até 30 dias, com a nota fiscal.',
      'Aurora accepts exchanges within 30 days, with the receipt.',
      'Aurora acepta cambios dentro de 30 días, con la factura.',
      'Aurora accepte les échanges sous 30 jours, avec le ticket.',
    ],
    spec: { kind: 'numeric', value: 30, tolerance: 0 },
  },
  {
    key: 'escuta-ativa',
    category: 'Atendimento',
    tags: ['atendimento', 'escuta ativa'],
    stem: [
      'Quais atitudes mostram escuta ativa?',
      'Which behaviours show active listening?',
      '¿Qué actitudes muestran escucha activa?',
      'Quelles attitudes montrent une écoute active ?',
    ],
    feedback: [
      'Repetir com suas palavras e perguntar mostram que você entendeu e quer entender mais.',
      'Rephrasing and asking show you understood and want to understand more.',
      'Repetir con sus palabras y preguntar muestran que entendió y quiere entender más.',
      'Reformuler et questionner montrent que vous avez compris et voulez en savoir plus.',
    ],
    spec: {
      kind: 'multiple_choice',
      options: [
        [
          [
            'Repetir com suas palavras o que o cliente disse',
            'Repeat in your own words what the customer said',
            'Repetir con sus palabras lo que dijo el cliente',
            'Reformuler ce que le client a dit',
          ],
          50,
        ],
        [
          [
            'Fazer perguntas abertas',
            'Ask open questions',
            'Hacer preguntas abiertas',
            'Poser des questions ouvertes',
          ],
          50,
        ],
        [
          [
            'Olhar o celular enquanto o cliente fala',
            'Check your phone while the customer talks',
            'Mirar el celular mientras el cliente habla',
            'Regarder son téléphone pendant que le client parle',
          ],
          -100,
        ],
        [
          [
            'Interromper para oferecer uma solução',
            'Interrupt to offer a solution',
            'Interrumpir para ofrecer una solución',
            'Interrompre pour proposer une solution',
          ],
          -50,
        ],
      ],
    },
  },
  {
    key: 'etapas-atendimento',
    category: 'Atendimento',
    tags: ['atendimento'],
    stem: [
      'Coloque as etapas do atendimento na ordem.',
      'Put the steps of a sale in order.',
      'Ordene las etapas de la atención.',
      'Mettez les étapes de l’accueil dans l’ordre.',
    ],
    feedback: [
      'Acolher, entender, apresentar, fechar e acompanhar: cada etapa prepara a seguinte.',
      'Welcome, understand, present, close and follow up: each step prepares the next.',
      'Recibir, entender, presentar, cerrar y acompañar: cada etapa prepara la siguiente.',
      'Accueillir, comprendre, présenter, conclure et suivre : chaque étape prépare la suivante.',
    ],
    spec: {
      kind: 'ordering',
      items: [
        ['Acolher o cliente', 'Welcome the customer', 'Recibir al cliente', 'Accueillir le client'],
        ['Entender a necessidade', 'Understand the need', 'Entender la necesidad', 'Comprendre le besoin'],
        ['Apresentar soluções', 'Present solutions', 'Presentar soluciones', 'Présenter des solutions'],
        ['Fechar a venda', 'Close the sale', 'Cerrar la venta', 'Conclure la vente'],
        [
          'Acompanhar o pós-venda',
          'Follow up after the sale',
          'Acompañar la posventa',
          'Assurer le suivi après-vente',
        ],
      ],
    },
  },
  {
    key: 'nao-sei',
    category: 'Atendimento',
    tags: ['atendimento'],
    stem: [
      'O que fazer quando você não sabe responder a uma pergunta do cliente?',
      'What should you do when you cannot answer a customer’s question?',
      '¿Qué hacer cuando no sabe responder a una pregunta del cliente?',
      'Que faire lorsque vous ne savez pas répondre à la question d’un client ?',
    ],
    feedback: [
      'Ser honesto e voltar com a resposta certa constrói confiança.',
      'Being honest and coming back with the right answer builds trust.',
      'Ser honesto y volver con la respuesta correcta genera confianza.',
      'Être honnête et revenir avec la bonne réponse crée la confiance.',
    ],
    spec: {
      kind: 'single_choice',
      correct: 1,
      options: [
        [
          'Dar a resposta mais provável',
          'Give the most likely answer',
          'Dar la respuesta más probable',
          'Donner la réponse la plus probable',
        ],
        [
          'Dizer que vai verificar e voltar com a resposta certa',
          'Say you will check and come back with the right answer',
          'Decir que lo va a verificar y volver con la respuesta correcta',
          'Dire que vous allez vérifier et revenir avec la bonne réponse',
        ],
        ['Mudar de assunto', 'Change the subject', 'Cambiar de tema', 'Changer de sujet'],
      ],
    },
  },
  {
    key: 'boca-a-boca',
    category: 'Atendimento',
    tags: ['atendimento', 'experiência'],
    stem: [
      'Um cliente insatisfeito costuma contar a experiência para mais pessoas do que um cliente satisfeito.',
      'An unhappy customer usually tells more people about it than a happy one.',
      'Un cliente insatisfecho suele contar su experiencia a más personas que uno satisfecho.',
      'Un client mécontent raconte en général son expérience à plus de personnes qu’un client satisfait.',
    ],
    feedback: [
      'Por isso cada atendimento conta: uma experiência ruim se espalha mais rápido.',
      'That is why every service counts: a bad experience spreads faster.',
      'Por eso cada atención cuenta: una mala experiencia se difunde más rápido.',
      'C’est pourquoi chaque accueil compte : une mauvaise expérience se répand plus vite.',
    ],
    spec: { kind: 'true_false', answer: true },
  },
  {
    key: 'etiqueta',
    category: 'Vendas',
    tags: ['vendas', 'preço'],
    art: 'price-tag',
    stem: [
      'Na etiqueta da imagem, qual é o preço à vista do tênis?',
      'On the price tag in the picture, what is the cash price of the trainers?',
      'En la etiqueta de la imagen, ¿cuál es el precio al contado de las zapatillas?',
      'Sur l’étiquette de l’image, quel est le prix comptant des baskets ?',
    ],
    feedback: [
      'O preço à vista é o número em destaque; o parcelado vem abaixo.',
      'The cash price is the large figure; the instalments come below.',
      'El precio al contado es el número destacado; las cuotas van debajo.',
      'Le prix comptant est le chiffre en grand ; le paiement en plusieurs fois est dessous.',
    ],
    spec: {
      kind: 'single_choice',
      correct: 1,
      options: [
        ['R$ 249,90', 'R$ 249.90', 'R$ 249,90', '249,90 R$'],
        ['R$ 199,90', 'R$ 199.90', 'R$ 199,90', '199,90 R$'],
        ['R$ 219,90', 'R$ 219.90', 'R$ 219,90', '219,90 R$'],
      ],
    },
  },
  {
    key: 'desconto',
    category: 'Vendas',
    tags: ['vendas', 'preço', 'caixa'],
    stem: [
      'Um produto custa R$ 200,00 e tem 15% de desconto. Qual é o preço final, em reais?',
      'A product costs R$ 200.00 with a 15% discount. What is the final price, in reais?',
      'Un producto cuesta R$ 200,00 y tiene 15 % de descuento. ¿Cuál es el precio final, en reales?',
      'Un produit coûte 200,00 R$ avec 15 % de remise. Quel est le prix final, en reais ?',
    ],
    feedback: [
      '15% de 200 são 30; 200 − 30 = 170.',
      '15% of 200 is 30; 200 − 30 = 170.',
      'El 15 % de 200 es 30; 200 − 30 = 170.',
      '15 % de 200 font 30 ; 200 − 30 = 170.',
    ],
    spec: { kind: 'numeric', value: 170, tolerance: 0.01 },
  },
  {
    key: 'tecnicas',
    category: 'Vendas',
    tags: ['vendas'],
    stem: [
      'Ligue cada técnica de venda à sua descrição.',
      'Match each sales technique with its description.',
      'Relacione cada técnica de venta con su descripción.',
      'Associez chaque technique de vente à sa description.',
    ],
    feedback: [
      'Venda cruzada complementa, upsell melhora, rapport aproxima.',
      'Cross-selling adds, upselling upgrades, rapport connects.',
      'La venta cruzada complementa, el upsell mejora, el rapport acerca.',
      'La vente croisée complète, la montée en gamme améliore, le rapport rapproche.',
    ],
    spec: {
      kind: 'matching',
      pairs: [
        [
          ['Venda cruzada', 'Cross-selling', 'Venta cruzada', 'Vente croisée'],
          [
            'Oferecer um produto complementar',
            'Offer a complementary product',
            'Ofrecer un producto complementario',
            'Proposer un produit complémentaire',
          ],
        ],
        [
          ['Upsell', 'Upselling', 'Upsell', 'Montée en gamme'],
          [
            'Oferecer uma versão superior',
            'Offer a better version',
            'Ofrecer una versión superior',
            'Proposer une version supérieure',
          ],
        ],
        [
          ['Rapport', 'Rapport', 'Rapport', 'Rapport'],
          [
            'Criar sintonia com o cliente',
            'Build a connection with the customer',
            'Crear sintonía con el cliente',
            'Créer une complicité avec le client',
          ],
        ],
      ],
    },
  },
  {
    key: 'nps',
    category: 'Vendas',
    tags: ['vendas', 'indicadores'],
    stem: [
      'Qual é a sigla do indicador que pergunta, de 0 a 10, se o cliente recomendaria a loja?',
      'What is the acronym of the score that asks, from 0 to 10, whether the customer would recommend the store?',
      '¿Cuál es la sigla del indicador que pregunta, de 0 a 10, si el cliente recomendaría la tienda?',
      'Quel est le sigle de l’indicateur qui demande, de 0 à 10, si le client recommanderait le magasin ?',
    ],
    feedback: [
      'NPS: Net Promoter Score.',
      'NPS: Net Promoter Score.',
      'NPS: Net Promoter Score.',
      'NPS : Net Promoter Score.',
    ],
    spec: { kind: 'short_answer', answers: ['NPS', 'Net Promoter Score'] },
  },
  {
    key: 'fidelidade',
    category: 'Vendas',
    tags: ['vendas', 'fidelização'],
    points: 2,
    stem: [
      'Descreva como você apresentaria o programa de fidelidade a um cliente que está com pressa.',
      'Describe how you would present the loyalty programme to a customer in a hurry.',
      'Describa cómo presentaría el programa de fidelidad a un cliente con prisa.',
      'Décrivez comment vous présenteriez le programme de fidélité à un client pressé.',
    ],
    feedback: [
      'Uma boa resposta é curta, mostra o benefício principal e oferece o cadastro em um minuto.',
      'A good answer is short, shows the main benefit and offers a one-minute sign-up.',
      'Una buena respuesta es corta, muestra el beneficio principal y ofrece el registro en un minuto.',
      'Une bonne réponse est courte, montre l’avantage principal et propose l’inscription en une minute.',
    ],
    spec: { kind: 'essay' },
  },
  {
    key: 'cartao-antes',
    category: 'Vendas',
    tags: ['vendas', 'caixa'],
    stem: [
      'Oferecer o cartão da loja antes de entender a necessidade do cliente aumenta as vendas.',
      'Offering the store card before understanding the customer’s need increases sales.',
      'Ofrecer la tarjeta de la tienda antes de entender la necesidad del cliente aumenta las ventas.',
      'Proposer la carte du magasin avant de comprendre le besoin du client augmente les ventes.',
    ],
    feedback: [
      'Falso: a oferta certa vem depois de entender o que o cliente procura.',
      'False: the right offer comes after understanding what the customer wants.',
      'Falso: la oferta correcta viene después de entender lo que busca el cliente.',
      'Faux : la bonne offre vient après avoir compris ce que cherche le client.',
    ],
    spec: { kind: 'true_false', answer: false },
  },
  {
    key: 'planograma-altura',
    category: 'Loja e estoque',
    tags: ['loja', 'vitrine'],
    art: 'shelf',
    stem: [
      'Na gôndola da imagem, que categoria ocupa a prateleira na altura dos olhos?',
      'On the shelf in the picture, which category sits at eye level?',
      'En la góndola de la imagen, ¿qué categoría ocupa el estante a la altura de los ojos?',
      'Sur la gondole de l’image, quelle catégorie est à hauteur des yeux ?',
    ],
    feedback: [
      'A altura dos olhos, por volta de 1,50 m, fica com os lançamentos: é onde o cliente olha primeiro.',
      'Eye level, about 1.50 m, holds the new arrivals: it is where customers look first.',
      'La altura de los ojos, cerca de 1,50 m, es para los lanzamientos: es donde el cliente mira primero.',
      'La hauteur des yeux, vers 1,50 m, accueille les nouveautés : c’est là que le client regarde d’abord.',
    ],
    spec: {
      kind: 'single_choice',
      correct: 1,
      options: [
        ['Acessórios', 'Accessories', 'Accesorios', 'Accessoires'],
        ['Lançamentos', 'New arrivals', 'Lanzamientos', 'Nouveautés'],
        ['Promoções', 'Deals', 'Promociones', 'Promotions'],
      ],
    },
  },
  {
    key: 'saldo-estoque',
    category: 'Loja e estoque',
    tags: ['estoque'],
    stem: [
      'O estoque tinha 48 unidades, entraram 24 e foram vendidas 30. Quantas unidades restam?',
      'Stock had 48 units, 24 came in and 30 were sold. How many units are left?',
      'El stock tenía 48 unidades, entraron 24 y se vendieron 30. ¿Cuántas unidades quedan?',
      'Le stock comptait 48 unités, 24 sont entrées et 30 ont été vendues. Combien en reste-t-il ?',
    ],
    feedback: ['48 + 24 − 30 = 42.', '48 + 24 − 30 = 42.', '48 + 24 − 30 = 42.', '48 + 24 − 30 = 42.'],
    spec: { kind: 'numeric', value: 42, tolerance: 0 },
  },
  {
    key: 'peps',
    category: 'Loja e estoque',
    tags: ['estoque'],
    stem: [
      'No método PEPS, os produtos que entraram primeiro no estoque saem primeiro.',
      'Under FIFO, the products that came into stock first go out first.',
      'En el método PEPS, los productos que entraron primero al stock salen primero.',
      'Avec la méthode PEPS, les produits entrés en premier sortent en premier.',
    ],
    feedback: [
      'PEPS: primeiro que entra, primeiro que sai. Evita produto vencido na prateleira.',
      'FIFO: first in, first out. It keeps expired products off the shelf.',
      'PEPS: primero en entrar, primero en salir. Evita productos vencidos en el estante.',
      'PEPS : premier entré, premier sorti. Cela évite les produits périmés en rayon.',
    ],
    spec: { kind: 'true_false', answer: true },
  },
  {
    key: 'recebimento',
    category: 'Loja e estoque',
    tags: ['estoque', 'recebimento'],
    stem: [
      'Ao receber uma mercadoria, o que você confere primeiro?',
      'When goods are delivered, what do you check first?',
      'Al recibir mercadería, ¿qué verifica primero?',
      'À la réception d’une marchandise, que vérifiez-vous en premier ?',
    ],
    feedback: [
      'A nota fiscal contra o pedido mostra se chegou o que foi comprado.',
      'The invoice against the order shows whether what was bought arrived.',
      'La factura contra el pedido muestra si llegó lo que se compró.',
      'La facture comparée à la commande montre si ce qui a été acheté est arrivé.',
    ],
    spec: {
      kind: 'single_choice',
      correct: 0,
      options: [
        [
          'A nota fiscal contra o pedido',
          'The invoice against the order',
          'La factura contra el pedido',
          'La facture comparée à la commande',
        ],
        [
          'A cor das embalagens',
          'The colour of the boxes',
          'El color de los embalajes',
          'La couleur des emballages',
        ],
        ['O horário da entrega', 'The delivery time', 'La hora de entrega', 'L’heure de livraison'],
      ],
    },
  },
  {
    key: 'inventario',
    category: 'Loja e estoque',
    tags: ['estoque', 'inventário'],
    stem: [
      'Ordene as etapas de um inventário.',
      'Put the steps of a stock count in order.',
      'Ordene las etapas de un inventario.',
      'Mettez les étapes d’un inventaire dans l’ordre.',
    ],
    feedback: [
      'Sem bloquear as movimentações, a contagem não bate com o sistema.',
      'Without freezing movements, the count will not match the system.',
      'Sin bloquear los movimientos, el conteo no coincide con el sistema.',
      'Sans bloquer les mouvements, le comptage ne correspond pas au système.',
    ],
    spec: {
      kind: 'ordering',
      items: [
        [
          'Bloquear as movimentações',
          'Freeze stock movements',
          'Bloquear los movimientos',
          'Bloquer les mouvements',
        ],
        ['Contar os produtos', 'Count the products', 'Contar los productos', 'Compter les produits'],
        [
          'Comparar com o sistema',
          'Compare with the system',
          'Comparar con el sistema',
          'Comparer avec le système',
        ],
        ['Ajustar as diferenças', 'Adjust the differences', 'Ajustar las diferencias', 'Ajuster les écarts'],
      ],
    },
  },
  {
    key: 'planograma-nome',
    category: 'Loja e estoque',
    tags: ['loja', 'vitrine'],
    stem: [
      'Como se chama o desenho que mostra onde cada produto fica na prateleira? (em português)',
      'What is the drawing that shows where each product goes on the shelf called? (in Portuguese)',
      '¿Cómo se llama el dibujo que muestra dónde va cada producto en el estante? (en portugués)',
      'Comment s’appelle le dessin qui montre la place de chaque produit en rayon ? (en portugais)',
    ],
    feedback: ['Planograma.', 'Planograma (planogram).', 'Planograma.', 'Planograma (planogramme).'],
    spec: { kind: 'short_answer', answers: ['planograma', 'planogramas'] },
  },
];

// ------------------------------------------------------------------------------------------- Nimbus

/** Nimbus Tech's bank: products, and compliance and security. */
export const nimbusQuestions: DemoQuestion[] = [
  {
    key: 'porta-hdmi',
    category: 'Produtos',
    tags: ['notebooks', 'conexões'],
    art: 'ports',
    stem: [
      'Na lateral do notebook da imagem, qual letra indica a porta HDMI?',
      'On the side of the notebook in the picture, which letter marks the HDMI port?',
      'En el lateral del notebook de la imagen, ¿qué letra indica el puerto HDMI?',
      'Sur le côté du portable de l’image, quelle lettre indique le port HDMI ?',
    ],
    feedback: [
      'A é USB-C, B é HDMI (trapézio) e C é USB-A.',
      'A is USB-C, B is HDMI (the trapezoid) and C is USB-A.',
      'A es USB-C, B es HDMI (el trapecio) y C es USB-A.',
      'A est l’USB-C, B le HDMI (le trapèze) et C l’USB-A.',
    ],
    spec: {
      kind: 'single_choice',
      correct: 1,
      options: [
        ['A', 'A', 'A', 'A'],
        ['B', 'B', 'B', 'B'],
        ['C', 'C', 'C', 'C'],
      ],
    },
  },
  {
    key: 'memoria',
    category: 'Produtos',
    tags: ['notebooks'],
    stem: [
      'Para um cliente que edita vídeos, quais itens de configuração mais importam?',
      'For a customer who edits videos, which specs matter most?',
      'Para un cliente que edita videos, ¿qué elementos de configuración importan más?',
      'Pour un client qui fait du montage vidéo, quels éléments de configuration comptent le plus ?',
    ],
    feedback: [
      'Memória e placa de vídeo fazem a diferença na edição; a cor da tampa, não.',
      'Memory and the graphics card make the difference for editing; the lid colour does not.',
      'La memoria y la tarjeta de video marcan la diferencia en la edición; el color de la tapa, no.',
      'La mémoire et la carte graphique font la différence pour le montage ; la couleur du capot, non.',
    ],
    spec: {
      kind: 'multiple_choice',
      options: [
        [
          [
            '16 GB de memória ou mais',
            '16 GB of memory or more',
            '16 GB de memoria o más',
            '16 Go de mémoire ou plus',
          ],
          50,
        ],
        [
          [
            'Placa de vídeo dedicada',
            'A dedicated graphics card',
            'Tarjeta de video dedicada',
            'Une carte graphique dédiée',
          ],
          50,
        ],
        [['A cor da tampa', 'The colour of the lid', 'El color de la tapa', 'La couleur du capot'], -50],
      ],
    },
  },
  {
    key: 'ssd',
    category: 'Produtos',
    tags: ['notebooks', 'armazenamento'],
    stem: [
      'Um SSD costuma deixar o notebook ligar mais rápido que um HD comum.',
      'An SSD usually makes a notebook start faster than a regular hard drive.',
      'Un SSD suele hacer que el notebook encienda más rápido que un disco duro común.',
      'Un SSD permet en général au portable de démarrer plus vite qu’un disque dur classique.',
    ],
    feedback: [
      'SSDs não têm partes móveis e leem muito mais rápido.',
      'SSDs have no moving parts and read much faster.',
      'Los SSD no tienen partes móviles y leen mucho más rápido.',
      'Les SSD n’ont pas de pièces mobiles et lisent beaucoup plus vite.',
    ],
    spec: { kind: 'true_false', answer: true },
  },
  {
    key: 'polegadas',
    category: 'Produtos',
    tags: ['notebooks', 'telas'],
    stem: [
      'Uma tela de 14 polegadas mede quantos centímetros na diagonal? (aproximado, 2,54 cm por polegada)',
      'How many centimetres across the diagonal is a 14-inch screen? (approximately, 2.54 cm per inch)',
      '¿Cuántos centímetros mide en diagonal una pantalla de 14 pulgadas? (aprox., 2,54 cm por pulgada)',
      'Combien de centimètres mesure en diagonale un écran de 14 pouces ? (environ, 2,54 cm par pouce)',
    ],
    feedback: [
      '14 × 2,54 ≈ 35,6 cm.',
      '14 × 2.54 ≈ 35.6 cm.',
      '14 × 2,54 ≈ 35,6 cm.',
      '14 × 2,54 ≈ 35,6 cm.',
    ],
    spec: { kind: 'numeric', value: 35.56, tolerance: 0.5 },
  },
  {
    key: 'linhas',
    category: 'Produtos',
    tags: ['portfólio'],
    stem: [
      'Ligue cada linha da Nimbus ao seu público.',
      'Match each Nimbus line with its audience.',
      'Relacione cada línea de Nimbus con su público.',
      'Associez chaque gamme Nimbus à son public.',
    ],
    feedback: [
      'Book para o dia a dia, Pro para criadores, Air para quem viaja.',
      'Book for everyday use, Pro for creators, Air for travellers.',
      'Book para el día a día, Pro para creadores, Air para quien viaja.',
      'Book pour le quotidien, Pro pour les créateurs, Air pour les voyageurs.',
    ],
    spec: {
      kind: 'matching',
      pairs: [
        [
          ['Nimbus Book', 'Nimbus Book', 'Nimbus Book', 'Nimbus Book'],
          ['Uso no dia a dia', 'Everyday use', 'Uso diario', 'Usage quotidien'],
        ],
        [
          ['Nimbus Pro', 'Nimbus Pro', 'Nimbus Pro', 'Nimbus Pro'],
          ['Criadores de conteúdo', 'Content creators', 'Creadores de contenido', 'Créateurs de contenu'],
        ],
        [
          ['Nimbus Air', 'Nimbus Air', 'Nimbus Air', 'Nimbus Air'],
          ['Quem viaja muito', 'Frequent travellers', 'Quien viaja mucho', 'Grands voyageurs'],
        ],
      ],
    },
  },
  {
    key: 'demonstracao',
    category: 'Produtos',
    tags: ['vendas', 'demonstração'],
    stem: [
      'Ordene os passos de uma demonstração de notebook na loja.',
      'Put the steps of an in-store notebook demo in order.',
      'Ordene los pasos de una demostración de notebook en la tienda.',
      'Mettez dans l’ordre les étapes d’une démonstration de portable en magasin.',
    ],
    feedback: [
      'Primeiro entender o uso, depois mostrar e deixar o cliente experimentar.',
      'First understand the use, then show it and let the customer try.',
      'Primero entender el uso, luego mostrar y dejar que el cliente pruebe.',
      'D’abord comprendre l’usage, puis montrer et laisser le client essayer.',
    ],
    spec: {
      kind: 'ordering',
      items: [
        [
          'Perguntar como o cliente vai usar',
          'Ask how the customer will use it',
          'Preguntar cómo lo usará el cliente',
          'Demander l’usage prévu',
        ],
        [
          'Mostrar os recursos ligados a esse uso',
          'Show the features for that use',
          'Mostrar las funciones para ese uso',
          'Montrer les fonctions utiles à cet usage',
        ],
        [
          'Deixar o cliente experimentar',
          'Let the customer try it',
          'Dejar que el cliente lo pruebe',
          'Laisser le client essayer',
        ],
        [
          'Apresentar garantia e acessórios',
          'Present warranty and accessories',
          'Presentar garantía y accesorios',
          'Présenter garantie et accessoires',
        ],
      ],
    },
  },
  {
    key: 'garantia',
    category: 'Produtos',
    tags: ['garantia'],
    stem: [
      'Quantos meses de garantia de fábrica tem um notebook Nimbus?',
      'How many months of factory warranty does a Nimbus notebook have?',
      '¿Cuántos meses de garantía de fábrica tiene un notebook Nimbus?',
      'Combien de mois de garantie constructeur a un portable Nimbus ?',
    ],
    feedback: [
      'São 12 meses, que podem ser estendidos na compra.',
      'It is 12 months, which can be extended at purchase.',
      'Son 12 meses, que pueden extenderse en la compra.',
      'C’est 12 mois, extensibles à l’achat.',
    ],
    spec: { kind: 'numeric', value: 12, tolerance: 0 },
  },
  {
    key: 'phishing',
    category: 'Compliance',
    tags: ['segurança', 'phishing'],
    art: 'phishing',
    stem: [
      'Qual destes é um sinal de phishing no e-mail da imagem?',
      'Which of these is a sign of phishing in the e-mail in the picture?',
      '¿Cuál de estos es una señal de phishing en el correo de la imagen?',
      'Lequel de ces éléments est un signe d’hameçonnage dans l’e-mail de l’image ?',
    ],
    feedback: [
      'O domínio do remetente imita o da empresa; a urgência também é um alerta.',
      'The sender’s domain imitates the company’s; the urgency is a warning too.',
      'El dominio del remitente imita al de la empresa; la urgencia también es una alerta.',
      'Le domaine de l’expéditeur imite celui de l’entreprise ; l’urgence est aussi une alerte.',
    ],
    spec: {
      kind: 'single_choice',
      correct: 0,
      options: [
        [
          'O domínio do remetente não é o da Nimbus',
          'The sender’s domain is not Nimbus’s',
          'El dominio del remitente no es el de Nimbus',
          'Le domaine de l’expéditeur n’est pas celui de Nimbus',
        ],
        [
          'O e-mail tem uma assinatura',
          'The e-mail has a signature',
          'El correo tiene una firma',
          'L’e-mail a une signature',
        ],
        [
          'O texto está em português',
          'The text is in Portuguese',
          'El texto está en portugués',
          'Le texte est en portugais',
        ],
      ],
    },
  },
  {
    key: 'senha',
    category: 'Compliance',
    tags: ['segurança', 'senhas'],
    stem: [
      'Quais práticas deixam uma senha mais segura?',
      'Which practices make a password safer?',
      '¿Qué prácticas hacen una contraseña más segura?',
      'Quelles pratiques rendent un mot de passe plus sûr ?',
    ],
    feedback: [
      'Frases longas e um gerenciador de senhas; nunca a mesma senha em vários lugares.',
      'Long passphrases and a password manager; never the same password in several places.',
      'Frases largas y un gestor de contraseñas; nunca la misma contraseña en varios lugares.',
      'Des phrases longues et un gestionnaire de mots de passe ; jamais le même mot de passe partout.',
    ],
    spec: {
      kind: 'multiple_choice',
      options: [
        [
          [
            'Usar uma frase longa',
            'Use a long passphrase',
            'Usar una frase larga',
            'Utiliser une phrase longue',
          ],
          50,
        ],
        [
          [
            'Usar um gerenciador de senhas',
            'Use a password manager',
            'Usar un gestor de contraseñas',
            'Utiliser un gestionnaire de mots de passe',
          ],
          50,
        ],
        [
          [
            'Repetir a senha em vários sites',
            'Reuse it on several sites',
            'Repetir la contraseña en varios sitios',
            'La réutiliser sur plusieurs sites',
          ],
          -100,
        ],
      ],
    },
  },
  {
    key: 'compartilhar',
    category: 'Compliance',
    tags: ['segurança', 'senhas'],
    stem: [
      'Posso passar minha senha a um colega de confiança para ele cobrir meu turno.',
      'I may give my password to a trusted colleague so they can cover my shift.',
      'Puedo pasar mi contraseña a un compañero de confianza para que cubra mi turno.',
      'Je peux donner mon mot de passe à un collègue de confiance pour qu’il couvre mon service.',
    ],
    feedback: [
      'Falso: a senha é pessoal. Peça ao gestor um acesso para o colega.',
      'False: a password is personal. Ask your manager for access for your colleague.',
      'Falso: la contraseña es personal. Pida al gerente un acceso para el compañero.',
      'Faux : le mot de passe est personnel. Demandez un accès pour le collègue à votre responsable.',
    ],
    spec: { kind: 'true_false', answer: false },
  },
  {
    key: 'lgpd',
    category: 'Compliance',
    tags: ['privacidade', 'LGPD'],
    stem: [
      'Qual é a sigla da lei brasileira de proteção de dados pessoais?',
      'What is the acronym of Brazil’s personal data protection law?',
      '¿Cuál es la sigla de la ley brasileña de protección de datos personales?',
      'Quel est le sigle de la loi brésilienne sur la protection des données personnelles ?',
    ],
    feedback: [
      'LGPD: Lei Geral de Proteção de Dados (Lei 13.709/2018).',
      'LGPD: the General Data Protection Law (Law 13,709/2018).',
      'LGPD: Ley General de Protección de Datos (Ley 13.709/2018).',
      'LGPD : loi générale de protection des données (loi 13.709/2018).',
    ],
    spec: { kind: 'short_answer', answers: ['LGPD'] },
  },
  {
    key: 'dados-cliente',
    category: 'Compliance',
    tags: ['privacidade', 'LGPD'],
    stem: [
      'Ligue cada dado do cliente à forma certa de tratá-lo.',
      'Match each piece of customer data with the right way to handle it.',
      'Relacione cada dato del cliente con la forma correcta de tratarlo.',
      'Associez chaque donnée du client à la bonne façon de la traiter.',
    ],
    feedback: [
      'Só colete o que precisa, com consentimento quando for para marketing.',
      'Only collect what you need, with consent when it is for marketing.',
      'Solo recolecte lo necesario, con consentimiento cuando sea para marketing.',
      'Ne collectez que le nécessaire, avec consentement quand c’est pour le marketing.',
    ],
    spec: {
      kind: 'matching',
      pairs: [
        [
          ['CPF na nota fiscal', 'Tax ID on the invoice', 'CPF en la factura', 'CPF sur la facture'],
          [
            'Só se o cliente pedir',
            'Only if the customer asks',
            'Solo si el cliente lo pide',
            'Seulement si le client le demande',
          ],
        ],
        [
          ['E-mail para ofertas', 'E-mail for offers', 'Correo para ofertas', 'E-mail pour les offres'],
          [
            'Com consentimento registrado',
            'With recorded consent',
            'Con consentimiento registrado',
            'Avec consentement enregistré',
          ],
        ],
        [
          ['Cartão de crédito', 'Credit card', 'Tarjeta de crédito', 'Carte bancaire'],
          ['Nunca anotar em papel', 'Never write it down', 'Nunca anotarla en papel', 'Ne jamais la noter'],
        ],
      ],
    },
  },
  {
    key: 'incidente',
    category: 'Compliance',
    tags: ['segurança', 'incidentes'],
    stem: [
      'Em quantas horas um incidente de segurança deve ser comunicado ao time de TI da Nimbus?',
      'Within how many hours must a security incident be reported to Nimbus IT?',
      '¿En cuántas horas debe comunicarse un incidente de seguridad al equipo de TI de Nimbus?',
      'Sous combien d’heures un incident de sécurité doit-il être signalé à l’équipe informatique de Nimbus ?',
    ],
    feedback: [
      'Em até 24 horas, pelo canal de suporte.',
      'Within 24 hours, through the support channel.',
      'Dentro de 24 horas, por el canal de soporte.',
      'Sous 24 heures, par le canal de support.',
    ],
    spec: { kind: 'numeric', value: 24, tolerance: 0 },
  },
  {
    key: 'bloqueio-tela',
    category: 'Compliance',
    tags: ['segurança'],
    stem: [
      'Ao sair do balcão, mesmo por um minuto, devo bloquear a tela do computador.',
      'When leaving the counter, even for a minute, I should lock the computer screen.',
      'Al salir del mostrador, aunque sea por un minuto, debo bloquear la pantalla de la computadora.',
      'En quittant le comptoir, même une minute, je dois verrouiller l’écran de l’ordinateur.',
    ],
    feedback: TRUE_ANSWER,
    spec: { kind: 'true_false', answer: true },
  },
  {
    key: 'incidente-relato',
    category: 'Compliance',
    tags: ['segurança', 'incidentes'],
    points: 2,
    stem: [
      'Você recebeu um pendrive de um desconhecido no balcão. Conte o que faria, passo a passo.',
      'A stranger handed you a USB stick at the counter. Say what you would do, step by step.',
      'Un desconocido le entregó un pendrive en el mostrador. Cuente qué haría, paso a paso.',
      'Un inconnu vous a remis une clé USB au comptoir. Dites ce que vous feriez, étape par étape.',
    ],
    feedback: [
      'Não conectar, guardar em local separado e avisar o time de TI.',
      'Do not plug it in, keep it aside and tell IT.',
      'No conectarlo, guardarlo aparte y avisar al equipo de TI.',
      'Ne pas la brancher, la mettre de côté et prévenir l’informatique.',
    ],
    spec: { kind: 'essay' },
  },
];
