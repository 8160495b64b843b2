import type { Language, NotificationKind, ReportMailFrequency } from '@kerf/contracts';

/**
 * The notification and report e-mails in the recipient's language (the user's language, English
 * when they chose none). `{machine}`, `{knife}`, `{status}`, `{since}`, `{minutes}`, `{period}`
 * are filled in; times are UTC with the zone named, as in the CSVs.
 */
interface MailTexts {
  subject: Record<NotificationKind, string>;
  body: Record<NotificationKind, string>;
  footer: string;
  reportSubject: Record<ReportMailFrequency, string>;
  reportBody: string;
}

const MAIL_TEXTS: Record<Language, MailTexts> = {
  ENGLISH: {
    subject: {
      KNIFE_SWAP_REQUIRED: 'Knife swap required on {machine}',
      MACHINE_OFFLINE: '{machine} went offline',
      LONG_INTERRUPTION: 'Long interruption on {machine}',
    },
    body: {
      KNIFE_SWAP_REQUIRED:
        'Knife {knife} in {machine} has reached its swap interval (SWAP_REQUIRED) and must be swapped.',
      MACHINE_OFFLINE: '{machine} went offline during the shift at {since}.',
      LONG_INTERRUPTION:
        '{machine} has been interrupted ({status}) since {since}, longer than {minutes} minutes.',
    },
    footer: 'You receive this e-mail because you chose it in Kerf under Notifications.',
    reportSubject: { DAILY: 'Kerf daily report {period}', WEEKLY: 'Kerf weekly report {period}' },
    reportBody:
      'Attached are your reports for {period} (cutting machines, employees, knives, orders) as CSV. You can unsubscribe in Kerf under Notifications.',
  },
  GERMAN: {
    subject: {
      KNIFE_SWAP_REQUIRED: 'Messerwechsel erforderlich an {machine}',
      MACHINE_OFFLINE: '{machine} ist offline',
      LONG_INTERRUPTION: 'Lange Unterbrechung an {machine}',
    },
    body: {
      KNIFE_SWAP_REQUIRED:
        'Das Messer {knife} in {machine} hat sein Wechselintervall erreicht (SWAP_REQUIRED) und muss gewechselt werden.',
      MACHINE_OFFLINE: '{machine} ist während der Schicht um {since} offline gegangen.',
      LONG_INTERRUPTION: '{machine} ist seit {since} unterbrochen ({status}), länger als {minutes} Minuten.',
    },
    footer: 'Sie erhalten diese E-Mail, weil Sie sie in Kerf unter Benachrichtigungen gewählt haben.',
    reportSubject: { DAILY: 'Kerf-Tagesbericht {period}', WEEKLY: 'Kerf-Wochenbericht {period}' },
    reportBody:
      'Im Anhang finden Sie Ihre Berichte für {period} (Schneidemaschinen, Mitarbeiter, Messer, Aufträge) als CSV. Abbestellen können Sie sie in Kerf unter Benachrichtigungen.',
  },
  POLISH: {
    subject: {
      KNIFE_SWAP_REQUIRED: 'Wymagana wymiana noża w {machine}',
      MACHINE_OFFLINE: '{machine} jest offline',
      LONG_INTERRUPTION: 'Długa przerwa w {machine}',
    },
    body: {
      KNIFE_SWAP_REQUIRED:
        'Nóż {knife} w {machine} osiągnął interwał wymiany (SWAP_REQUIRED) i musi zostać wymieniony.',
      MACHINE_OFFLINE: '{machine} przeszła w tryb offline podczas zmiany o {since}.',
      LONG_INTERRUPTION: '{machine} jest przerwana ({status}) od {since}, dłużej niż {minutes} minut.',
    },
    footer: 'Otrzymujesz tę wiadomość, ponieważ wybrałeś ją w Kerf w sekcji Powiadomienia.',
    reportSubject: { DAILY: 'Raport dzienny Kerf {period}', WEEKLY: 'Raport tygodniowy Kerf {period}' },
    reportBody:
      'W załączniku znajdziesz swoje raporty za {period} (maszyny tnące, pracownicy, noże, zlecenia) w formacie CSV. Subskrypcję możesz anulować w Kerf w sekcji Powiadomienia.',
  },
  ARABIC: {
    subject: {
      KNIFE_SWAP_REQUIRED: 'يلزم تبديل السكين في {machine}',
      MACHINE_OFFLINE: '{machine} غير متصلة',
      LONG_INTERRUPTION: 'توقف طويل في {machine}',
    },
    body: {
      KNIFE_SWAP_REQUIRED: 'بلغت السكين {knife} في {machine} فترة التبديل (SWAP_REQUIRED) ويجب تبديلها.',
      MACHINE_OFFLINE: 'انقطع اتصال {machine} أثناء الوردية في {since}.',
      LONG_INTERRUPTION: '{machine} متوقفة ({status}) منذ {since}، أكثر من {minutes} دقيقة.',
    },
    footer: 'تصلك هذه الرسالة لأنك اخترتها في Kerf ضمن الإشعارات.',
    reportSubject: { DAILY: 'تقرير Kerf اليومي {period}', WEEKLY: 'تقرير Kerf الأسبوعي {period}' },
    reportBody:
      'تجد في المرفق تقاريرك عن {period} (آلات القص، الموظفون، السكاكين، الطلبات) بصيغة CSV. يمكنك إلغاء الاشتراك في Kerf ضمن الإشعارات.',
  },
  FRENCH: {
    subject: {
      KNIFE_SWAP_REQUIRED: 'Changement de couteau requis sur {machine}',
      MACHINE_OFFLINE: '{machine} est hors ligne',
      LONG_INTERRUPTION: 'Longue interruption sur {machine}',
    },
    body: {
      KNIFE_SWAP_REQUIRED:
        'Le couteau {knife} de {machine} a atteint son intervalle de changement (SWAP_REQUIRED) et doit être changé.',
      MACHINE_OFFLINE: '{machine} est passée hors ligne pendant le poste à {since}.',
      LONG_INTERRUPTION: '{machine} est interrompue ({status}) depuis {since}, plus de {minutes} minutes.',
    },
    footer: 'Vous recevez cet e-mail parce que vous l’avez choisi dans Kerf sous Notifications.',
    reportSubject: { DAILY: 'Rapport quotidien Kerf {period}', WEEKLY: 'Rapport hebdomadaire Kerf {period}' },
    reportBody:
      'Vous trouverez en pièce jointe vos rapports pour {period} (massicots, employés, couteaux, commandes) au format CSV. Vous pouvez vous désabonner dans Kerf sous Notifications.',
  },
  DUTCH: {
    subject: {
      KNIFE_SWAP_REQUIRED: 'Meswissel vereist op {machine}',
      MACHINE_OFFLINE: '{machine} is offline',
      LONG_INTERRUPTION: 'Lange onderbreking op {machine}',
    },
    body: {
      KNIFE_SWAP_REQUIRED:
        'Mes {knife} in {machine} heeft zijn wisselinterval bereikt (SWAP_REQUIRED) en moet worden gewisseld.',
      MACHINE_OFFLINE: '{machine} ging tijdens de dienst om {since} offline.',
      LONG_INTERRUPTION: '{machine} is sinds {since} onderbroken ({status}), langer dan {minutes} minuten.',
    },
    footer: 'U ontvangt deze e-mail omdat u die in Kerf onder Meldingen hebt gekozen.',
    reportSubject: { DAILY: 'Kerf-dagrapport {period}', WEEKLY: 'Kerf-weekrapport {period}' },
    reportBody:
      'In de bijlage vindt u uw rapporten over {period} (snijmachines, medewerkers, messen, orders) als CSV. U kunt zich afmelden in Kerf onder Meldingen.',
  },
  ROMANIAN: {
    subject: {
      KNIFE_SWAP_REQUIRED: 'Schimbarea cuțitului necesară la {machine}',
      MACHINE_OFFLINE: '{machine} este offline',
      LONG_INTERRUPTION: 'Întrerupere lungă la {machine}',
    },
    body: {
      KNIFE_SWAP_REQUIRED:
        'Cuțitul {knife} din {machine} a atins intervalul de schimbare (SWAP_REQUIRED) și trebuie schimbat.',
      MACHINE_OFFLINE: '{machine} a trecut offline în timpul turei la {since}.',
      LONG_INTERRUPTION: '{machine} este întreruptă ({status}) din {since}, mai mult de {minutes} minute.',
    },
    footer: 'Primiți acest e-mail pentru că l-ați ales în Kerf la Notificări.',
    reportSubject: { DAILY: 'Raport zilnic Kerf {period}', WEEKLY: 'Raport săptămânal Kerf {period}' },
    reportBody:
      'În atașament găsiți rapoartele dvs. pentru {period} (mașini de tăiat, angajați, cuțite, comenzi) în format CSV. Vă puteți dezabona în Kerf la Notificări.',
  },
  RUSSIAN: {
    subject: {
      KNIFE_SWAP_REQUIRED: 'Требуется замена ножа на {machine}',
      MACHINE_OFFLINE: '{machine} не в сети',
      LONG_INTERRUPTION: 'Длительный простой на {machine}',
    },
    body: {
      KNIFE_SWAP_REQUIRED:
        'Нож {knife} в {machine} достиг интервала замены (SWAP_REQUIRED) и должен быть заменён.',
      MACHINE_OFFLINE: '{machine} отключилась во время смены в {since}.',
      LONG_INTERRUPTION: '{machine} прервана ({status}) с {since}, дольше {minutes} минут.',
    },
    footer: 'Вы получили это письмо, потому что выбрали его в Kerf в разделе «Уведомления».',
    reportSubject: { DAILY: 'Ежедневный отчёт Kerf {period}', WEEKLY: 'Еженедельный отчёт Kerf {period}' },
    reportBody:
      'Во вложении ваши отчёты за {period} (резальные машины, сотрудники, ножи, заказы) в формате CSV. Отказаться от рассылки можно в Kerf в разделе «Уведомления».',
  },
};

export function fill(template: string, values: Record<string, string | number | null | undefined>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ''));
}

export function mailTexts(language: string | null): MailTexts {
  return MAIL_TEXTS[(language ?? 'ENGLISH') as Language] ?? MAIL_TEXTS.ENGLISH;
}
