/** No organisation may claim one, and a claim that exists anyway places nobody. Lower case; subdomains count as the domain. */
export const FREE_MAIL_DOMAINS: ReadonlySet<string> = new Set([
  'gmail.com', 'googlemail.com', 'outlook.com', 'outlook.nl', 'hotmail.com', 'hotmail.nl', 'live.com', 'live.nl',
  'msn.com', 'icloud.com', 'me.com', 'mac.com', 'yahoo.com', 'yahoo.nl', 'ymail.com', 'aol.com', 'gmx.com', 'gmx.net',
  'gmx.de', 'mail.com', 'proton.me', 'protonmail.com', 'pm.me', 'tutanota.com', 'tuta.io', 'zoho.com', 'yandex.com',
  'fastmail.com', 'hey.com', 'web.de', 't-online.de', 'telenet.be', 'skynet.be',
  'ziggo.nl', 'home.nl', 'planet.nl', 'chello.nl', 'upcmail.nl', 'kpnmail.nl', 'kpnplanet.nl', 'hetnet.nl',
  'xs4all.nl', 'tele2.nl', 'versatel.nl', 'online.nl', 'quicknet.nl', 'zeelandnet.nl', 'caiway.nl', 'kabelfoon.nl',
  'solcon.nl', 'onsbrabantnet.nl', 'freeler.nl', 'casema.nl', 'wanadoo.nl', 'tiscali.nl', 'lycos.nl', 'knid.nl',
]);

export function isFreeMailDomain(domain: string): boolean {
  const labels = domain.trim().toLowerCase().replace(/\.$/, '').split('.');
  for (let start = 0; start < labels.length - 1; start++) {
    if (FREE_MAIL_DOMAINS.has(labels.slice(start).join('.'))) return true;
  }
  return false;
}
