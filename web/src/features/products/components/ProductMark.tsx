import { PRODUCT_NAMES, type TProductId } from '@portal/proto';

/** A colour per product, so that marks tell products apart at a glance. */
const COLOURS: Record<TProductId, [string, string]> = {
  bownow: ['#f08c00', '#e8590c'],
  fullstar: ['#fab005', '#f08c00'],
  cocoar: ['#12b886', '#087f5b'],
  lessar: ['#20c997', '#0ca678'],
  actibook: ['#228be6', '#1864ab'],
  aichat: ['#7950f2', '#5f3dc4'],
  izanai: ['#be4bdb', '#862e9c'],
  bluemonkey: ['#1c7ed6', '#364fc7'],
  plusdb: ['#15aabf', '#0b7285'],
  appgoose: ['#40c057', '#2b8a3e'],
  creca: ['#f06595', '#c2255c'],
  cmp: ['#495057', '#212529'],
  lpbuilder: ['#fd7e14', '#d9480f'],
  crowdbooth: ['#4c6ef5', '#3b5bdb'],
  metabadge: ['#e64980', '#a61e4d'],
};

/** The product's mark: its initials on its colour (products supply no logo to the portal yet). */
export function ProductMark({ product, size = 44 }: { product: TProductId; size?: number }) {
  const name = PRODUCT_NAMES[product];
  const capitals = name.replace(/[^A-Z]/g, '');
  const initials = (capitals.length >= 2 ? capitals.slice(0, 2) : name.slice(0, 2)).toUpperCase();
  const [from, to] = COLOURS[product];
  return (
    <div
      aria-hidden
      style={{
        width: size, height: size, borderRadius: size / 4, flexShrink: 0, display: 'grid', placeItems: 'center',
        color: 'white', fontWeight: 700, fontSize: size * 0.36, letterSpacing: '0.02em',
        background: `linear-gradient(135deg, ${from}, ${to})`,
      }}
    >
      {initials}
    </div>
  );
}
