import type { ConversationInput } from '@docsync/api';
import { seededRandom } from '@docsync/test-utils';

/**
 * Support conversations for tests and benchmarks, generated from a seed: tickets a launcher's
 * support team receives about the Lawnchair help space of the corpora. Some ask what its pages
 * answer (in English, the language of the pages); the others ask about topics no page covers,
 * in several languages, and carry the topic they were planted with, so a test can measure how
 * the analysis clusters them. The same seed gives the same conversations.
 */

/** A generated conversation and what it was written to be. */
export interface PlantedConversation {
  input: ConversationInput;
  /** `answered`: a page answers it; otherwise the planted topic and language (`weather/de`). */
  label: string;
}

type Pick = <T>(items: readonly T[]) => T;

/** One topic in one language: subjects, questions (the customer's ask) and context lines. */
interface Template {
  label: string;
  subjects: readonly string[];
  asks: readonly string[];
  context: readonly string[];
}

const DEVICES = [
  'Pixel 7',
  'Pixel 8 Pro',
  'Galaxy S23',
  'OnePlus 12',
  'Xiaomi 13',
  'Nothing Phone (2)',
];
const ANDROID = ['13', '14', '15'];

const ANSWERED: readonly Template[] = [
  {
    label: 'answered',
    subjects: ['Restoring my backup', 'New phone, old layout', 'Backup question'],
    asks: [
      'How do I restore a backup of my home screen layout on the new phone?',
      'Can I restore my Lawnchair backup with my folders and icon positions?',
      'Where do I find the option to create a backup of my Lawnchair settings?',
    ],
    context: ['I just switched phones.', 'I had spent ages arranging my icons.'],
  },
  {
    label: 'answered',
    subjects: ['Moving from Nova', 'Nova Launcher backup', 'Import from Nova'],
    asks: [
      'Can I import my Nova Launcher backup into Lawnchair?',
      'How do I restore a Nova backup file in Lawnchair?',
    ],
    context: ['I used Nova Launcher for years.', 'I have a .novabackup file ready.'],
  },
  {
    label: 'answered',
    subjects: ['Widget stuck', 'Widgets not refreshing', 'Widget data old'],
    asks: [
      'Why is my widget data not updating on the home screen?',
      'My weather app widget is not updating, how do I fix the widget?',
      'The widget is not appearing after setup, how can I add the widget?',
    ],
    context: ['It shows data from yesterday.', 'Resizing did nothing so far.'],
  },
  {
    label: 'answered',
    subjects: ['Double tap to sleep broke', 'Gestures randomly stop', 'Launcher reloads'],
    asks: [
      'Why does double-tap to sleep stop working after a while, is it battery optimization?',
      'How do I turn off battery optimization so Lawnchair stops reloading the home screen?',
    ],
    context: ['It works again after a reboot.', 'The home screen appears with a delay too.'],
  },
  {
    label: 'answered',
    subjects: ['Google Discover', 'Feed on the left', 'Google Feed missing'],
    asks: [
      'How do I show the Google Feed to the left of my home screen?',
      'The Google Feed does not show up when I swipe left, what do I need to install?',
    ],
    context: ['I installed Lawnfeed already.', 'I am on the Nightly version.'],
  },
  {
    label: 'answered',
    subjects: ['Choppy animations', 'Gesture navigation', 'Swipe home lag'],
    asks: [
      'Why are home animations choppy with gesture navigation after swiping home?',
      'Gesture navigation does not work with Lawnchair on my Xiaomi, is that expected?',
    ],
    context: ['The system launcher is smooth.', 'I use navigation gestures, not buttons.'],
  },
  {
    label: 'answered',
    subjects: ['Search bar', 'Dock search provider', 'Search settings'],
    asks: [
      'How do I change the search provider of the dock search bar?',
      'How can I hide the search bar at the bottom of the home screen?',
    ],
    context: ['I prefer DuckDuckGo.', 'I never use the search bar.'],
  },
  {
    label: 'answered',
    subjects: ['Restricted setting message', 'Accessibility blocked', 'Cannot enable service'],
    asks: [
      'Android shows a restricted setting message when I turn on the accessibility service, how do I allow restricted settings?',
      'How do I allow restricted settings for the sideloaded GitHub build?',
    ],
    context: ['I installed the APK from GitHub.', 'The toggle is greyed out.'],
  },
  {
    label: 'answered',
    subjects: ['Icon pack', 'Themed icons', 'Icons look wrong'],
    asks: [
      'How do I apply an icon pack and turn on themed icons?',
      'What does tint with accent color do to my icon pack?',
    ],
    context: ['I downloaded a new icon pack.', 'My icons all look the same color.'],
  },
];

const UNANSWERED: readonly Template[] = [
  {
    label: 'weather/en',
    subjects: ['Weather in At a Glance', 'Temperature units', 'Wrong weather location'],
    asks: [
      'How do I switch the weather temperature in At a Glance from Fahrenheit to Celsius?',
      'Why does At a Glance show the weather temperature for the wrong city?',
      'Can the weather forecast in At a Glance use my precise location and Celsius?',
    ],
    context: ['It says 75 degrees which cannot be right.', 'I live in Lisbon, not London.'],
  },
  {
    label: 'weather/de',
    subjects: ['Wetter in At a Glance', 'Temperatur in Fahrenheit', 'Falscher Ort beim Wetter'],
    asks: [
      'Wie stelle ich die Temperatur im Wetter von At a Glance auf Celsius um?',
      'Warum zeigt At a Glance das Wetter und die Temperatur für den falschen Ort?',
      'Kann die Wettervorhersage in At a Glance meinen Standort und Celsius verwenden?',
    ],
    context: ['Es zeigt 75 Grad an.', 'Ich wohne in München.'],
  },
  {
    label: 'dots/en',
    subjects: ['Notification dots missing', 'No unread badges', 'Notification counter'],
    asks: [
      'Why are notification dots not showing on my app icons?',
      'How do I show unread notification counts as numbers on the icon dots?',
      'Can I change the color of the notification dots on icons?',
    ],
    context: ['WhatsApp has unread messages but no dot.', 'Dots worked on my old launcher.'],
  },
  {
    label: 'dots/fr',
    subjects: ['Pastilles de notification', 'Badges non lus', 'Compteur de notifications'],
    asks: [
      "Pourquoi les pastilles de notification ne s'affichent pas sur les icônes ?",
      'Comment afficher le nombre de notifications non lues dans les pastilles des icônes ?',
      'Est-ce possible de changer la couleur des pastilles de notification ?',
    ],
    context: ["J'ai des messages non lus.", 'Sur mon ancien lanceur cela fonctionnait.'],
  },
  {
    label: 'landscape/en',
    subjects: ['Landscape on my tablet', 'Home screen rotation', 'Tablet layout'],
    asks: [
      'How do I rotate the home screen to landscape on my tablet?',
      'Why does the home screen stay in portrait when I turn my tablet to landscape?',
      'Is there a landscape layout for the home screen on tablets?',
    ],
    context: ['I use a Galaxy Tab S9.', 'Auto-rotate is on in Android.'],
  },
  {
    label: 'landscape/es',
    subjects: ['Modo horizontal en tableta', 'Rotación de la pantalla', 'Tableta en horizontal'],
    asks: [
      '¿Cómo puedo girar la pantalla de inicio a horizontal en mi tableta?',
      '¿Por qué la pantalla de inicio no gira a horizontal en la tableta?',
      '¿Hay un diseño horizontal de la pantalla de inicio para tabletas?',
    ],
    context: ['Tengo una Galaxy Tab S9.', 'La rotación automática está activada.'],
  },
  {
    label: 'hidden/en',
    subjects: ['Hide apps', 'Lock apps with a password', 'Private apps'],
    asks: [
      'How do I hide apps from the app list and lock them with a password?',
      'Can I protect hidden apps with a fingerprint or password?',
      'Where did my hidden apps go, and how do I unhide them?',
    ],
    context: ['My kids use my phone.', 'I want some apps out of sight.'],
  },
  {
    label: 'hidden/zh',
    subjects: ['隐藏应用', '应用加密', '隐藏的应用不见了'],
    asks: [
      '如何隐藏应用并用密码锁定隐藏的应用？',
      '隐藏的应用可以用指纹或密码保护吗？',
      '我隐藏的应用去哪了，怎么取消隐藏应用？',
    ],
    context: ['孩子经常用我的手机。', '我不想让别人看到这些应用。'],
  },
  {
    label: 'drawer/en',
    subjects: ['Drawer categories', 'Sort the app drawer', 'Drawer tabs'],
    asks: [
      'Can I sort the app drawer into categories or tabs?',
      'How do I create custom tabs in the app drawer to group my apps by category?',
      'Is there a way to sort drawer apps by most used instead of alphabetically?',
    ],
    context: ['I have over two hundred apps.', 'Scrolling the drawer takes forever.'],
  },
  {
    label: 'drawer/ja',
    subjects: ['ドロワーのカテゴリ', 'アプリの並べ替え', 'ドロワーのタブ'],
    asks: [
      'アプリドロワーをカテゴリやタブで分類できますか？',
      'アプリドロワーにタブを作成してアプリをカテゴリ別に分類するにはどうすればいいですか？',
      'ドロワーのアプリを使用頻度順に並べ替えることはできますか？',
    ],
    context: ['アプリが二百個以上あります。', 'スクロールが大変です。'],
  },
];

/** What a customer writes around the question, per language (the label's suffix). */
const FRAME: Readonly<Record<string, { hello: readonly string[]; bye: readonly string[] }>> = {
  en: {
    hello: ['Hi team,', 'Hello,', 'Hey there,'],
    bye: ['Thanks!', 'Thanks in advance.', 'Cheers'],
  },
  de: { hello: ['Hallo,', 'Guten Tag,'], bye: ['Danke!', 'Viele Grüße'] },
  fr: { hello: ['Bonjour,', 'Salut,'], bye: ['Merci !', 'Cordialement'] },
  es: { hello: ['Hola,', 'Buenas,'], bye: ['¡Gracias!', 'Saludos'] },
  zh: { hello: ['你好，', '您好，'], bye: ['谢谢！', '麻烦了。'] },
  ja: {
    hello: ['こんにちは。', 'お世話になっております。'],
    bye: ['よろしくお願いします。', 'ありがとうございます。'],
  },
};

const REPLIES = [
  'Thanks for reaching out! Could you tell us which Lawnchair version you are on?',
  'Thanks for the report, we are looking into it.',
  'Hi! Let me check this with the team and get back to you.',
];

function languageOf(label: string): string {
  return label === 'answered' ? 'en' : (label.split('/')[1] ?? 'en');
}

function compose(template: Template, pick: Pick, random: () => number, index: number) {
  const language = languageOf(template.label);
  const frame = FRAME[language] ?? { hello: [''], bye: [''] };
  const device = `${pick(DEVICES)}, Android ${pick(ANDROID)}`;
  const spaced = language === 'zh' || language === 'ja' ? '' : ' ';
  const lines = [pick(frame.hello), pick(template.context), pick(template.asks), pick(frame.bye)];
  const text = lines.join(spaced);
  // A third of the tickets come from a help desk that sends HTML.
  const html = random() < 0.33;
  const body = html
    ? `<div><p>${lines[0] ?? ''}</p><p>${lines[1] ?? ''} <b>${lines[2] ?? ''}</b></p><p>${lines[3] ?? ''}</p><p><small>${device}</small></p></div>`
    : `${text}\n\n${device}`;
  const parts: ConversationInput['parts'] = [{ type: 'message', role: 'user', body }];
  if (random() < 0.6) parts.push({ type: 'message', role: 'team-member', body: pick(REPLIES) });
  if (random() < 0.3) parts.push({ type: 'message', role: 'user', body: pick(frame.bye) });
  return { subject: pick(template.subjects), parts, id: `ticket-${String(10_000 + index)}` };
}

/**
 * `count` conversations from `seed`: a share `answeredShare` of them ask what the help space
 * answers, the rest are spread evenly over the planted topics and languages. Their dates spread
 * over the 13 weeks before `until`.
 */
export function supportConversations(
  count: number,
  options: { seed: number; until: Date; answeredShare?: number },
): PlantedConversation[] {
  const random = seededRandom(options.seed);
  const pick: Pick = (items) => {
    const item = items[Math.floor(random() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  };
  const answeredShare = options.answeredShare ?? 0.4;
  const conversations: PlantedConversation[] = [];
  for (let index = 0; index < count; index += 1) {
    const template =
      random() < answeredShare
        ? pick(ANSWERED)
        : (UNANSWERED[index % UNANSWERED.length] ?? pick(UNANSWERED));
    const { id, subject, parts } = compose(template, pick, random, index);
    const daysAgo = Math.floor(random() * 91);
    const createdAt = new Date(options.until.getTime() - (daysAgo * 24 + 1) * 3_600_000);
    conversations.push({
      label: template.label,
      input: {
        id,
        subject,
        parts,
        metadata: {
          url: `https://support.example.com/tickets/${id}`,
          attributes: {
            language: languageOf(template.label),
            channel: random() < 0.5 ? 'email' : 'chat',
          },
          createdAt: createdAt.toISOString(),
        },
      },
    });
  }
  return conversations;
}
