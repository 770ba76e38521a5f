import type { Language } from '@trackwell/contracts';

/**
 * The console's invitation e-mail (an administrator appoints someone who has no account in the
 * store yet): its words in the 14 languages. Placeholders: {tenant}, {name}, {inviter}, {role}; {role} is
 * one of `roles`, already in the language.
 */
export interface InviteStrings {
  subject: string;
  body: string;
  action: string;
  expiry: string;
  roles: { platform_operator: string; store_admin: string; catalog_editor: string };
}

export const INVITE_STRINGS: Record<Language, InviteStrings> = {
  en: {
    subject: '{tenant}: you are invited to run the store',
    body: '{inviter} made you {role} of {tenant}, in its console.',
    action: 'Choose your password here, then sign in and open Console from your name’s menu:',
    expiry: 'The link expires in 7 days. If you did not expect this, ignore this e-mail.',
    roles: {
      platform_operator: 'platform operator',
      store_admin: 'store administrator',
      catalog_editor: 'catalogue editor',
    },
  },
  ar: {
    subject: '{tenant}: أنت مدعو لإدارة المتجر',
    body: 'عيّنك {inviter} بصفة {role} في {tenant}، في وحدة التحكم الخاصة به.',
    action: 'اختر كلمة المرور من هنا، ثم سجّل الدخول وافتح وحدة التحكم من القائمة التي تحمل اسمك:',
    expiry: 'تنتهي صلاحية الرابط بعد 7 أيام. إذا لم تكن تتوقع هذه الرسالة فتجاهلها.',
    roles: { platform_operator: 'مشغّل المنصة', store_admin: 'مسؤول المتجر', catalog_editor: 'محرر الفهرس' },
  },
  ru: {
    subject: '{tenant}: вас пригласили управлять магазином',
    body: '{inviter} назначил вас на роль «{role}» в консоли магазина {tenant}.',
    action: 'Задайте пароль по этой ссылке, затем войдите и откройте «Консоль» в меню с вашим именем:',
    expiry: 'Ссылка действует 7 дней. Если вы не ждали этого письма, просто проигнорируйте его.',
    roles: {
      platform_operator: 'оператор платформы',
      store_admin: 'администратор магазина',
      catalog_editor: 'редактор каталога',
    },
  },
  fr_CA: {
    subject: '{tenant} : vous êtes invité à gérer la boutique',
    body: '{inviter} vous a nommé {role} de {tenant}, dans sa console.',
    action:
      'Choisissez votre mot de passe ici, puis connectez-vous et ouvrez Console depuis le menu à votre nom :',
    expiry: 'Le lien expire dans 7 jours. Si vous ne vous attendiez pas à ce courriel, ignorez-le.',
    roles: {
      platform_operator: 'opérateur de la plateforme',
      store_admin: 'administrateur de la boutique',
      catalog_editor: 'éditeur du catalogue',
    },
  },
  fr_FR: {
    subject: '{tenant} : vous êtes invité à gérer la boutique',
    body: '{inviter} vous a nommé {role} de {tenant}, dans sa console.',
    action:
      'Choisissez votre mot de passe ici, puis connectez-vous et ouvrez Console depuis le menu à votre nom :',
    expiry: 'Le lien expire dans 7 jours. Si vous ne vous attendiez pas à cet e-mail, ignorez-le.',
    roles: {
      platform_operator: 'opérateur de la plateforme',
      store_admin: 'administrateur de la boutique',
      catalog_editor: 'éditeur du catalogue',
    },
  },
  zh_Hans: {
    subject: '{tenant}：邀请您管理商店',
    body: '{inviter} 已在控制台中将您设为 {tenant} 的{role}。',
    action: '请在此设置密码，然后登录并从您姓名的菜单中打开“控制台”：',
    expiry: '链接将在 7 天后失效。如果您没有预期收到此邮件，请忽略它。',
    roles: { platform_operator: '平台运营者', store_admin: '商店管理员', catalog_editor: '目录编辑' },
  },
  de: {
    subject: '{tenant}: Sie sind eingeladen, den Shop zu betreuen',
    body: '{inviter} hat Sie in der Konsole von {tenant} zur Rolle „{role}“ ernannt.',
    action:
      'Wählen Sie hier Ihr Passwort, melden Sie sich dann an und öffnen Sie „Konsole“ im Menü mit Ihrem Namen:',
    expiry: 'Der Link ist 7 Tage gültig. Wenn Sie diese E-Mail nicht erwartet haben, ignorieren Sie sie.',
    roles: {
      platform_operator: 'Plattformbetreiber',
      store_admin: 'Shop-Administrator',
      catalog_editor: 'Katalogredakteur',
    },
  },
  it: {
    subject: '{tenant}: sei invitato a gestire il negozio',
    body: '{inviter} ti ha nominato {role} di {tenant}, nella sua console.',
    action: 'Scegli qui la tua password, poi accedi e apri Console dal menu con il tuo nome:',
    expiry: 'Il link scade tra 7 giorni. Se non ti aspettavi questa e-mail, ignorala.',
    roles: {
      platform_operator: 'operatore della piattaforma',
      store_admin: 'amministratore del negozio',
      catalog_editor: 'redattore del catalogo',
    },
  },
  ja: {
    subject: '{tenant}：ストア運営への招待',
    body: '{inviter} さんがコンソールで、あなたを {tenant} の{role}に任命しました。',
    action:
      'こちらでパスワードを設定してからサインインし、名前のメニューから「コンソール」を開いてください：',
    expiry: 'リンクの有効期限は 7 日間です。心当たりがない場合は、このメールを無視してください。',
    roles: {
      platform_operator: 'プラットフォーム運用者',
      store_admin: 'ストア管理者',
      catalog_editor: 'カタログ編集者',
    },
  },
  ko: {
    subject: '{tenant}: 스토어 운영에 초대되었습니다',
    body: '{inviter} 님이 콘솔에서 회원님을 {tenant}의 {role}(으)로 지정했습니다.',
    action: '여기에서 비밀번호를 정한 다음 로그인하고 이름 메뉴에서 콘솔을 여세요:',
    expiry: '링크는 7일 후에 만료됩니다. 예상하지 못한 메일이라면 무시하세요.',
    roles: {
      platform_operator: '플랫폼 운영자',
      store_admin: '스토어 관리자',
      catalog_editor: '카탈로그 편집자',
    },
  },
  pt: {
    subject: '{tenant}: você foi convidado para gerenciar a loja',
    body: '{inviter} nomeou você {role} de {tenant}, no console da loja.',
    action: 'Escolha sua senha aqui, depois entre e abra Console no menu com o seu nome:',
    expiry: 'O link expira em 7 dias. Se você não esperava este e-mail, ignore-o.',
    roles: {
      platform_operator: 'operador da plataforma',
      store_admin: 'administrador da loja',
      catalog_editor: 'editor do catálogo',
    },
  },
  es: {
    subject: '{tenant}: le invitan a gestionar la tienda',
    body: '{inviter} le ha nombrado {role} de {tenant}, en su consola.',
    action: 'Elija aquí su contraseña, luego inicie sesión y abra Consola desde el menú con su nombre:',
    expiry: 'El enlace caduca en 7 días. Si no esperaba este correo, ignórelo.',
    roles: {
      platform_operator: 'operador de la plataforma',
      store_admin: 'administrador de la tienda',
      catalog_editor: 'editor del catálogo',
    },
  },
  tr: {
    subject: '{tenant}: mağazayı yönetmeye davet edildiniz',
    body: '{inviter}, konsolda sizi {tenant} için {role} olarak atadı.',
    action: 'Parolanızı buradan belirleyin, ardından oturum açıp adınızın menüsünden Konsol’u açın:',
    expiry: 'Bağlantının süresi 7 gün sonra dolar. Bu e-postayı beklemiyorsanız yok sayın.',
    roles: {
      platform_operator: 'platform operatörü',
      store_admin: 'mağaza yöneticisi',
      catalog_editor: 'katalog editörü',
    },
  },
  es_ES: {
    subject: '{tenant}: te invitan a gestionar la tienda',
    body: '{inviter} te ha nombrado {role} de {tenant}, en su consola.',
    action: 'Elige aquí tu contraseña, luego inicia sesión y abre Consola desde el menú con tu nombre:',
    expiry: 'El enlace caduca en 7 días. Si no esperabas este correo, ignóralo.',
    roles: {
      platform_operator: 'operador de la plataforma',
      store_admin: 'administrador de la tienda',
      catalog_editor: 'editor del catálogo',
    },
  },
};
