/**
 * The gateway's card tokeniser in the browser (GMO-PG's token.js, or the sandbox's script with the
 * same API): the card number and security code go from here to the gateway only; the portal gets
 * the single-use token and the masked number.
 */
interface TokenAnswer {
  resultCode: string;
  tokenObject?: { token: string[]; maskedCardNo: string; toBeExpiredAt: string; isSecurityCodeSet: boolean };
}
interface Multipayment {
  init(shopId: string): void;
  getToken(card: { cardno: string; expire: string; securitycode: string; holdername: string; tokennumber?: number }, callback: (answer: TokenAnswer) => void): void;
}
declare global {
  interface Window { Multipayment?: Multipayment }
}

const loaded = new Map<string, Promise<void>>();

function loadScript(url: string): Promise<void> {
  let pending = loaded.get(url);
  if (!pending) {
    pending = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = url;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => { loaded.delete(url); reject(new Error('tokeniser script failed to load')); };
      document.head.appendChild(script);
    });
    loaded.set(url, pending);
  }
  return pending;
}

export type TokenResult = { ok: true; token: string; maskedNumber: string } | { ok: false; code: string };

export async function tokenize(config: { script_url: string; shop_id: string }, card: { number: string; month: number; year: number; code: string; holder: string }): Promise<TokenResult> {
  await loadScript(config.script_url);
  const mp = window.Multipayment;
  if (!mp) return { ok: false, code: 'script' };
  mp.init(config.shop_id);
  return new Promise((resolve) => {
    mp.getToken({
      cardno: card.number, expire: `${card.year}${String(card.month).padStart(2, '0')}`, securitycode: card.code, holdername: card.holder, tokennumber: 1,
    }, (answer) => {
      const token = answer.tokenObject?.token[0];
      resolve(answer.resultCode === '000' && token ? { ok: true, token, maskedNumber: answer.tokenObject!.maskedCardNo } : { ok: false, code: answer.resultCode });
    });
  });
}
