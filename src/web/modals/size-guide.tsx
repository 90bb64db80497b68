import { useTranslation } from 'react-i18next';
import { ModalFrame } from './modal-frame.tsx';
import type { ModalProps } from './registry.ts';

// Body measurements in centimetres (standard Indian sizing for tops and kurtas).
const SIZES = [
  ['S', 91, 76, 66],
  ['M', 97, 81, 69],
  ['L', 102, 86, 72],
  ['XL', 107, 91, 74],
  ['XXL', 112, 97, 76],
] as const;

const inches = (cm: number) => (cm / 2.54).toFixed(1);

/** The product's own size guide when the owner wrote one (`text`), else the general body measurements. */
export default function SizeGuide({ close, text }: ModalProps) {
  const { t } = useTranslation();
  if (typeof text === 'string' && text) {
    return (
      <ModalFrame title={t('modal.sizeGuideTitle')} close={close}>
        <p className="whitespace-pre-line text-slate-700">{text}</p>
      </ModalFrame>
    );
  }
  return (
    <ModalFrame title={t('modal.sizeGuideTitle')} close={close}>
      <p className="text-sm text-slate-700">{t('modal.sizeGuideText')}</p>
      <table className="w-full text-left text-sm">
        <thead>
          <tr className="border-b border-slate-300">
            <th scope="col" className="py-2">{t('modal.size')}</th>
            <th scope="col">{t('modal.chest')}</th>
            <th scope="col">{t('modal.waist')}</th>
            <th scope="col">{t('modal.length')}</th>
          </tr>
        </thead>
        <tbody>
          {SIZES.map(([size, ...cm]) => (
            <tr key={size} className="border-b border-slate-100">
              <th scope="row" className="py-2">{size}</th>
              {cm.map((v, i) => (
                <td key={i}>
                  {v} cm <span className="text-slate-600">({inches(v)}″)</span>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ModalFrame>
  );
}
