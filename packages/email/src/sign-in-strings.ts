import type { Language } from '@trackwell/contracts';

/**
 * Every word of the identity provider's sign-in e-mails (codes, push approval, password reset, unlock) and of
 * the push-approval page, in the 14 languages of spec §3 ("the language follows the person").
 * Placeholders in braces: {tenant}, {name}, {code}, {minutes}, {ip}. {minutes} is the code's and the push
 * link's lifetime (5): the sentences are written for that number.
 */
export interface SignInStrings {
  greeting: string;
  codeSubject: string;
  codeBody: string;
  codeExpiry: string;
  pushSubject: string;
  pushBody: string;
  pushAction: string;
  pushExpiry: string;
  resetSubject: string;
  resetBody: string;
  unlockSubject: string;
  unlockBody: string;
  recoveryToken: string;
  recoveryExpiry: string;
  pushPage: {
    title: string;
    question: string;
    approve: string;
    deny: string;
    approvedTitle: string;
    approvedBody: string;
    deniedTitle: string;
    deniedBody: string;
    expiredTitle: string;
    expiredBody: string;
  };
}

const en: SignInStrings = {
  greeting: 'Hello {name},',
  codeSubject: '{tenant}: your sign-in code is {code}',
  codeBody: 'Your {tenant} sign-in code is: {code}',
  codeExpiry: 'It expires in {minutes} minutes. If you did not try to sign in, change your password.',
  pushSubject: '{tenant}: approve your sign-in',
  pushBody: 'Someone (from {ip}) is signing in to {tenant} as you.',
  pushAction: 'Approve or deny it here:',
  pushExpiry: 'The link expires in {minutes} minutes.',
  resetSubject: '{tenant}: reset your password',
  resetBody: 'Use this link to choose a new password:',
  unlockSubject: '{tenant}: unlock your account',
  unlockBody: 'Your account was locked after too many wrong passwords. Use this link to unlock it:',
  recoveryToken: 'Recovery token:',
  recoveryExpiry: 'The link expires in 1 hour. If you did not ask for this, ignore this e-mail.',
  pushPage: {
    title: 'Approve sign-in?',
    question: 'Someone is signing in to {tenant} with your account. Is it you?',
    approve: "Yes, it's me",
    deny: 'No, deny',
    approvedTitle: 'Sign-in approved',
    approvedBody: 'You can close this tab and go back to the sign-in page.',
    deniedTitle: 'Sign-in denied',
    deniedBody: 'The sign-in was denied. If it was not you, change your password.',
    expiredTitle: 'Sign-in request expired',
    expiredBody: 'This sign-in request was already answered or has expired.',
  },
};

const ar: SignInStrings = {
  greeting: 'مرحبًا {name}،',
  codeSubject: '{tenant}: رمز تسجيل الدخول الخاص بك هو {code}',
  codeBody: 'رمز تسجيل الدخول إلى {tenant} هو: {code}',
  codeExpiry: 'تنتهي صلاحيته خلال {minutes} دقائق. إذا لم تحاول تسجيل الدخول، فغيّر كلمة المرور.',
  pushSubject: '{tenant}: وافق على تسجيل دخولك',
  pushBody: 'شخص ما (من {ip}) يسجّل الدخول إلى {tenant} باسمك.',
  pushAction: 'وافق أو ارفض من هنا:',
  pushExpiry: 'تنتهي صلاحية الرابط خلال {minutes} دقائق.',
  resetSubject: '{tenant}: إعادة تعيين كلمة المرور',
  resetBody: 'استخدم هذا الرابط لاختيار كلمة مرور جديدة:',
  unlockSubject: '{tenant}: إلغاء قفل حسابك',
  unlockBody: 'تم قفل حسابك بعد إدخال كلمات مرور خاطئة عدة مرات. استخدم هذا الرابط لإلغاء قفله:',
  recoveryToken: 'رمز الاسترداد:',
  recoveryExpiry: 'تنتهي صلاحية الرابط خلال ساعة واحدة. إذا لم تطلب ذلك، فتجاهل هذه الرسالة.',
  pushPage: {
    title: 'الموافقة على تسجيل الدخول؟',
    question: 'شخص ما يسجّل الدخول إلى {tenant} بحسابك. هل هذا أنت؟',
    approve: 'نعم، هذا أنا',
    deny: 'لا، ارفض',
    approvedTitle: 'تمت الموافقة على تسجيل الدخول',
    approvedBody: 'يمكنك إغلاق علامة التبويب هذه والعودة إلى صفحة تسجيل الدخول.',
    deniedTitle: 'تم رفض تسجيل الدخول',
    deniedBody: 'تم رفض تسجيل الدخول. إذا لم يكن هذا أنت، فغيّر كلمة المرور.',
    expiredTitle: 'انتهت صلاحية طلب تسجيل الدخول',
    expiredBody: 'تمت الإجابة عن طلب تسجيل الدخول هذا من قبل أو انتهت صلاحيته.',
  },
};

const ru: SignInStrings = {
  greeting: 'Здравствуйте, {name}!',
  codeSubject: '{tenant}: ваш код для входа {code}',
  codeBody: 'Ваш код для входа в {tenant}: {code}',
  codeExpiry: 'Он действует {minutes} минут. Если вы не пытались войти, смените пароль.',
  pushSubject: '{tenant}: подтвердите вход',
  pushBody: 'Кто-то (с адреса {ip}) входит в {tenant} под вашей учётной записью.',
  pushAction: 'Подтвердите или отклоните вход здесь:',
  pushExpiry: 'Ссылка действует {minutes} минут.',
  resetSubject: '{tenant}: сброс пароля',
  resetBody: 'Перейдите по этой ссылке, чтобы задать новый пароль:',
  unlockSubject: '{tenant}: разблокировка учётной записи',
  unlockBody:
    'Ваша учётная запись заблокирована после нескольких неверных паролей. Перейдите по этой ссылке, чтобы разблокировать её:',
  recoveryToken: 'Код восстановления:',
  recoveryExpiry:
    'Ссылка действует 1 час. Если вы этого не запрашивали, не обращайте внимания на это письмо.',
  pushPage: {
    title: 'Подтвердить вход?',
    question: 'Кто-то входит в {tenant} под вашей учётной записью. Это вы?',
    approve: 'Да, это я',
    deny: 'Нет, отклонить',
    approvedTitle: 'Вход подтверждён',
    approvedBody: 'Можно закрыть эту вкладку и вернуться на страницу входа.',
    deniedTitle: 'Вход отклонён',
    deniedBody: 'Вход отклонён. Если это были не вы, смените пароль.',
    expiredTitle: 'Запрос на вход устарел',
    expiredBody: 'На этот запрос уже ответили, или срок его действия истёк.',
  },
};

const fr_FR: SignInStrings = {
  greeting: 'Bonjour {name},',
  codeSubject: '{tenant} : votre code de connexion est {code}',
  codeBody: 'Votre code de connexion à {tenant} est : {code}',
  codeExpiry:
    "Il expire dans {minutes} minutes. Si vous n'avez pas essayé de vous connecter, changez votre mot de passe.",
  pushSubject: '{tenant} : approuvez votre connexion',
  pushBody: "Quelqu'un (depuis {ip}) se connecte à {tenant} avec votre compte.",
  pushAction: 'Approuvez ou refusez ici :',
  pushExpiry: 'Le lien expire dans {minutes} minutes.',
  resetSubject: '{tenant} : réinitialisez votre mot de passe',
  resetBody: 'Utilisez ce lien pour choisir un nouveau mot de passe :',
  unlockSubject: '{tenant} : déverrouillez votre compte',
  unlockBody:
    'Votre compte a été verrouillé après trop de mots de passe erronés. Utilisez ce lien pour le déverrouiller :',
  recoveryToken: 'Code de récupération :',
  recoveryExpiry: "Le lien expire dans 1 heure. Si vous n'avez rien demandé, ignorez cet e-mail.",
  pushPage: {
    title: 'Approuver la connexion ?',
    question: "Quelqu'un se connecte à {tenant} avec votre compte. Est-ce vous ?",
    approve: "Oui, c'est moi",
    deny: 'Non, refuser',
    approvedTitle: 'Connexion approuvée',
    approvedBody: 'Vous pouvez fermer cet onglet et revenir à la page de connexion.',
    deniedTitle: 'Connexion refusée',
    deniedBody: "La connexion a été refusée. Si ce n'était pas vous, changez votre mot de passe.",
    expiredTitle: 'Demande de connexion expirée',
    expiredBody: 'Cette demande de connexion a déjà reçu une réponse ou a expiré.',
  },
};

const fr_CA: SignInStrings = {
  ...fr_FR,
  recoveryExpiry: "Le lien expire dans 1 heure. Si vous n'avez rien demandé, ignorez ce courriel.",
};

const zh_Hans: SignInStrings = {
  greeting: '{name}，您好：',
  codeSubject: '{tenant}：您的登录验证码是 {code}',
  codeBody: '您的 {tenant} 登录验证码是：{code}',
  codeExpiry: '验证码将在 {minutes} 分钟后失效。如果不是您本人尝试登录，请修改密码。',
  pushSubject: '{tenant}：请批准您的登录',
  pushBody: '有人（来自 {ip}）正在以您的身份登录 {tenant}。',
  pushAction: '请在此批准或拒绝：',
  pushExpiry: '链接将在 {minutes} 分钟后失效。',
  resetSubject: '{tenant}：重置您的密码',
  resetBody: '请使用此链接设置新密码：',
  unlockSubject: '{tenant}：解锁您的帐户',
  unlockBody: '由于多次输入错误密码，您的帐户已被锁定。请使用此链接解锁：',
  recoveryToken: '恢复令牌：',
  recoveryExpiry: '链接将在 1 小时后失效。如果您没有提出此请求，请忽略此邮件。',
  pushPage: {
    title: '批准登录？',
    question: '有人正在使用您的帐户登录 {tenant}。是您本人吗？',
    approve: '是，是我本人',
    deny: '不是，拒绝',
    approvedTitle: '已批准登录',
    approvedBody: '您可以关闭此标签页并返回登录页面。',
    deniedTitle: '已拒绝登录',
    deniedBody: '登录已被拒绝。如果不是您本人，请修改密码。',
    expiredTitle: '登录请求已过期',
    expiredBody: '此登录请求已被处理或已过期。',
  },
};

const de: SignInStrings = {
  greeting: 'Hallo {name},',
  codeSubject: '{tenant}: Ihr Anmeldecode lautet {code}',
  codeBody: 'Ihr Anmeldecode für {tenant} lautet: {code}',
  codeExpiry:
    'Er läuft in {minutes} Minuten ab. Wenn Sie nicht versucht haben, sich anzumelden, ändern Sie Ihr Passwort.',
  pushSubject: '{tenant}: Bestätigen Sie Ihre Anmeldung',
  pushBody: 'Jemand (von {ip}) meldet sich mit Ihrem Konto bei {tenant} an.',
  pushAction: 'Hier bestätigen oder ablehnen:',
  pushExpiry: 'Der Link läuft in {minutes} Minuten ab.',
  resetSubject: '{tenant}: Passwort zurücksetzen',
  resetBody: 'Mit diesem Link wählen Sie ein neues Passwort:',
  unlockSubject: '{tenant}: Konto entsperren',
  unlockBody:
    'Ihr Konto wurde nach zu vielen falschen Passwörtern gesperrt. Mit diesem Link entsperren Sie es:',
  recoveryToken: 'Wiederherstellungscode:',
  recoveryExpiry:
    'Der Link läuft in 1 Stunde ab. Wenn Sie dies nicht angefordert haben, ignorieren Sie diese E-Mail.',
  pushPage: {
    title: 'Anmeldung bestätigen?',
    question: 'Jemand meldet sich mit Ihrem Konto bei {tenant} an. Sind Sie das?',
    approve: 'Ja, das bin ich',
    deny: 'Nein, ablehnen',
    approvedTitle: 'Anmeldung bestätigt',
    approvedBody: 'Sie können diesen Tab schließen und zur Anmeldeseite zurückkehren.',
    deniedTitle: 'Anmeldung abgelehnt',
    deniedBody: 'Die Anmeldung wurde abgelehnt. Wenn Sie es nicht waren, ändern Sie Ihr Passwort.',
    expiredTitle: 'Anmeldeanfrage abgelaufen',
    expiredBody: 'Diese Anmeldeanfrage wurde bereits beantwortet oder ist abgelaufen.',
  },
};

const it: SignInStrings = {
  greeting: 'Gentile {name},',
  codeSubject: '{tenant}: il tuo codice di accesso è {code}',
  codeBody: 'Il tuo codice di accesso a {tenant} è: {code}',
  codeExpiry: 'Scade tra {minutes} minuti. Se non hai provato ad accedere, cambia la password.',
  pushSubject: '{tenant}: approva il tuo accesso',
  pushBody: 'Qualcuno (da {ip}) sta accedendo a {tenant} con il tuo account.',
  pushAction: 'Approva o rifiuta qui:',
  pushExpiry: 'Il link scade tra {minutes} minuti.',
  resetSubject: '{tenant}: reimposta la password',
  resetBody: 'Usa questo link per scegliere una nuova password:',
  unlockSubject: '{tenant}: sblocca il tuo account',
  unlockBody: 'Il tuo account è stato bloccato dopo troppe password errate. Usa questo link per sbloccarlo:',
  recoveryToken: 'Codice di recupero:',
  recoveryExpiry: 'Il link scade tra 1 ora. Se non hai fatto questa richiesta, ignora questa e-mail.',
  pushPage: {
    title: "Approvare l'accesso?",
    question: 'Qualcuno sta accedendo a {tenant} con il tuo account. Sei tu?',
    approve: 'Sì, sono io',
    deny: 'No, rifiuta',
    approvedTitle: 'Accesso approvato',
    approvedBody: 'Puoi chiudere questa scheda e tornare alla pagina di accesso.',
    deniedTitle: 'Accesso rifiutato',
    deniedBody: "L'accesso è stato rifiutato. Se non eri tu, cambia la password.",
    expiredTitle: 'Richiesta di accesso scaduta',
    expiredBody: 'Questa richiesta di accesso ha già ricevuto risposta o è scaduta.',
  },
};

const ja: SignInStrings = {
  greeting: '{name} 様',
  codeSubject: '{tenant}：サインインコードは {code} です',
  codeBody: '{tenant} のサインインコード：{code}',
  codeExpiry:
    'このコードの有効期限は {minutes} 分です。サインインしようとしていない場合は、パスワードを変更してください。',
  pushSubject: '{tenant}：サインインを承認してください',
  pushBody: '誰か（{ip} から）があなたのアカウントで {tenant} にサインインしようとしています。',
  pushAction: 'こちらで承認または拒否してください：',
  pushExpiry: 'このリンクの有効期限は {minutes} 分です。',
  resetSubject: '{tenant}：パスワードの再設定',
  resetBody: '新しいパスワードを設定するには、このリンクを使用してください：',
  unlockSubject: '{tenant}：アカウントのロック解除',
  unlockBody:
    'パスワードの入力を何度も間違えたため、アカウントがロックされました。ロックを解除するには、このリンクを使用してください：',
  recoveryToken: '復旧トークン：',
  recoveryExpiry: 'このリンクの有効期限は 1 時間です。心当たりがない場合は、このメールを無視してください。',
  pushPage: {
    title: 'サインインを承認しますか？',
    question: '誰かがあなたのアカウントで {tenant} にサインインしようとしています。ご本人ですか？',
    approve: 'はい、本人です',
    deny: 'いいえ、拒否します',
    approvedTitle: 'サインインを承認しました',
    approvedBody: 'このタブを閉じて、サインインページに戻ってください。',
    deniedTitle: 'サインインを拒否しました',
    deniedBody: 'サインインは拒否されました。ご本人でない場合は、パスワードを変更してください。',
    expiredTitle: 'サインイン要求の期限切れ',
    expiredBody: 'このサインイン要求はすでに応答済みか、期限が切れています。',
  },
};

const ko: SignInStrings = {
  greeting: '{name}님, 안녕하세요.',
  codeSubject: '{tenant}: 로그인 코드는 {code}입니다',
  codeBody: '{tenant} 로그인 코드: {code}',
  codeExpiry: '코드는 {minutes}분 후에 만료됩니다. 로그인을 시도하지 않았다면 비밀번호를 변경하세요.',
  pushSubject: '{tenant}: 로그인을 승인하세요',
  pushBody: '누군가({ip}에서) 회원님의 계정으로 {tenant}에 로그인하고 있습니다.',
  pushAction: '여기에서 승인하거나 거부하세요:',
  pushExpiry: '링크는 {minutes}분 후에 만료됩니다.',
  resetSubject: '{tenant}: 비밀번호 재설정',
  resetBody: '이 링크를 사용해 새 비밀번호를 설정하세요:',
  unlockSubject: '{tenant}: 계정 잠금 해제',
  unlockBody: '잘못된 비밀번호를 여러 번 입력하여 계정이 잠겼습니다. 이 링크를 사용해 잠금을 해제하세요:',
  recoveryToken: '복구 토큰:',
  recoveryExpiry: '링크는 1시간 후에 만료됩니다. 요청하지 않았다면 이 이메일을 무시하세요.',
  pushPage: {
    title: '로그인을 승인할까요?',
    question: '누군가 회원님의 계정으로 {tenant}에 로그인하고 있습니다. 본인이 맞습니까?',
    approve: '네, 본인입니다',
    deny: '아니요, 거부합니다',
    approvedTitle: '로그인이 승인되었습니다',
    approvedBody: '이 탭을 닫고 로그인 페이지로 돌아가세요.',
    deniedTitle: '로그인이 거부되었습니다',
    deniedBody: '로그인이 거부되었습니다. 본인이 아니라면 비밀번호를 변경하세요.',
    expiredTitle: '로그인 요청이 만료되었습니다',
    expiredBody: '이 로그인 요청은 이미 처리되었거나 만료되었습니다.',
  },
};

const pt: SignInStrings = {
  greeting: 'Olá {name},',
  codeSubject: '{tenant}: o seu código de acesso é {code}',
  codeBody: 'O seu código de acesso a {tenant} é: {code}',
  codeExpiry: 'Expira em {minutes} minutos. Se não tentou iniciar sessão, altere a sua palavra-passe.',
  pushSubject: '{tenant}: aprove o seu início de sessão',
  pushBody: 'Alguém (a partir de {ip}) está a iniciar sessão em {tenant} com a sua conta.',
  pushAction: 'Aprove ou recuse aqui:',
  pushExpiry: 'A ligação expira em {minutes} minutos.',
  resetSubject: '{tenant}: redefina a sua palavra-passe',
  resetBody: 'Utilize esta ligação para escolher uma nova palavra-passe:',
  unlockSubject: '{tenant}: desbloqueie a sua conta',
  unlockBody:
    'A sua conta foi bloqueada após demasiadas palavras-passe erradas. Utilize esta ligação para a desbloquear:',
  recoveryToken: 'Código de recuperação:',
  recoveryExpiry: 'A ligação expira em 1 hora. Se não fez este pedido, ignore este e-mail.',
  pushPage: {
    title: 'Aprovar o início de sessão?',
    question: 'Alguém está a iniciar sessão em {tenant} com a sua conta. É você?',
    approve: 'Sim, sou eu',
    deny: 'Não, recusar',
    approvedTitle: 'Início de sessão aprovado',
    approvedBody: 'Pode fechar este separador e voltar à página de início de sessão.',
    deniedTitle: 'Início de sessão recusado',
    deniedBody: 'O início de sessão foi recusado. Se não foi você, altere a sua palavra-passe.',
    expiredTitle: 'Pedido de início de sessão expirado',
    expiredBody: 'Este pedido de início de sessão já foi respondido ou expirou.',
  },
};

const es: SignInStrings = {
  greeting: 'Hola, {name}:',
  codeSubject: '{tenant}: tu código de inicio de sesión es {code}',
  codeBody: 'Tu código de inicio de sesión en {tenant} es: {code}',
  codeExpiry: 'Caduca en {minutes} minutos. Si no intentaste iniciar sesión, cambia tu contraseña.',
  pushSubject: '{tenant}: aprueba tu inicio de sesión',
  pushBody: 'Alguien (desde {ip}) está iniciando sesión en {tenant} con tu cuenta.',
  pushAction: 'Apruébalo o recházalo aquí:',
  pushExpiry: 'El enlace caduca en {minutes} minutos.',
  resetSubject: '{tenant}: restablece tu contraseña',
  resetBody: 'Usa este enlace para elegir una contraseña nueva:',
  unlockSubject: '{tenant}: desbloquea tu cuenta',
  unlockBody:
    'Tu cuenta se bloqueó tras demasiadas contraseñas incorrectas. Usa este enlace para desbloquearla:',
  recoveryToken: 'Código de recuperación:',
  recoveryExpiry: 'El enlace caduca en 1 hora. Si no lo solicitaste, ignora este correo.',
  pushPage: {
    title: '¿Aprobar el inicio de sesión?',
    question: 'Alguien está iniciando sesión en {tenant} con tu cuenta. ¿Eres tú?',
    approve: 'Sí, soy yo',
    deny: 'No, rechazar',
    approvedTitle: 'Inicio de sesión aprobado',
    approvedBody: 'Puedes cerrar esta pestaña y volver a la página de inicio de sesión.',
    deniedTitle: 'Inicio de sesión rechazado',
    deniedBody: 'Se rechazó el inicio de sesión. Si no fuiste tú, cambia tu contraseña.',
    expiredTitle: 'La solicitud de inicio de sesión caducó',
    expiredBody: 'Esta solicitud de inicio de sesión ya se respondió o ha caducado.',
  },
};

const es_ES: SignInStrings = {
  ...es,
  recoveryExpiry: 'El enlace caduca en 1 hora. Si no lo has solicitado, ignora este correo electrónico.',
};

const tr: SignInStrings = {
  greeting: 'Merhaba {name},',
  codeSubject: '{tenant}: oturum açma kodunuz {code}',
  codeBody: '{tenant} oturum açma kodunuz: {code}',
  codeExpiry:
    'Kodun süresi {minutes} dakika içinde dolar. Oturum açmayı siz denemediyseniz parolanızı değiştirin.',
  pushSubject: '{tenant}: oturum açmanızı onaylayın',
  pushBody: 'Birisi ({ip} adresinden) hesabınızla {tenant} hizmetinde oturum açıyor.',
  pushAction: 'Buradan onaylayın veya reddedin:',
  pushExpiry: 'Bağlantının süresi {minutes} dakika içinde dolar.',
  resetSubject: '{tenant}: parolanızı sıfırlayın',
  resetBody: 'Yeni bir parola seçmek için bu bağlantıyı kullanın:',
  unlockSubject: '{tenant}: hesabınızın kilidini açın',
  unlockBody:
    'Çok sayıda yanlış parola girildiği için hesabınız kilitlendi. Kilidi açmak için bu bağlantıyı kullanın:',
  recoveryToken: 'Kurtarma kodu:',
  recoveryExpiry:
    'Bağlantının süresi 1 saat içinde dolar. Bunu siz istemediyseniz bu e-postayı dikkate almayın.',
  pushPage: {
    title: 'Oturum açma onaylansın mı?',
    question: 'Birisi hesabınızla {tenant} hizmetinde oturum açıyor. Bu siz misiniz?',
    approve: 'Evet, benim',
    deny: 'Hayır, reddet',
    approvedTitle: 'Oturum açma onaylandı',
    approvedBody: 'Bu sekmeyi kapatıp oturum açma sayfasına dönebilirsiniz.',
    deniedTitle: 'Oturum açma reddedildi',
    deniedBody: 'Oturum açma reddedildi. Bu siz değilseniz parolanızı değiştirin.',
    expiredTitle: 'Oturum açma isteğinin süresi doldu',
    expiredBody: 'Bu oturum açma isteği zaten yanıtlandı veya süresi doldu.',
  },
};

export const SIGN_IN_STRINGS: Record<Language, SignInStrings> = {
  en,
  ar,
  ru,
  fr_CA,
  zh_Hans,
  fr_FR,
  de,
  it,
  ja,
  ko,
  pt,
  es,
  tr,
  es_ES,
};
