import { useTranslation } from '../../../lib/i18n/i18n.ts';
import type { TileViews } from '../lib/tile-layout.ts';
import type { TileView } from './product-tile.tsx';
import { Icon } from '../../../ui/icons.tsx';

/**
 * Grid or list. Until the shopper picks one, the pressed button is the shop's default
 * for the screen's width; the server cannot know the width, so it sends one pair of
 * buttons for phones and one for desktops and CSS shows the right pair (a hidden pair is
 * out of the accessibility tree too). After a pick both pairs say the same.
 */
export function ViewToggle({ defaultView, chosen, onChoose }: { defaultView: TileViews; chosen: TileView | null; onChoose: (view: TileView) => void }) {
  return (
    <>
      <ViewButtons pressed={chosen ?? defaultView.mobile} onChoose={onChoose} className="lg:hidden" />
      <ViewButtons pressed={chosen ?? defaultView.desktop} onChoose={onChoose} className="max-lg:hidden" />
    </>
  );
}

function ViewButtons({ pressed, onChoose, className }: { pressed: TileView; onChoose: (view: TileView) => void; className: string }) {
  const { t } = useTranslation();
  const button =
    'flex size-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 aria-pressed:bg-primary aria-pressed:text-on-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-strong';
  return (
    <div role="group" aria-label={t('catalogView.view')} className={`flex shrink-0 gap-1 rounded-lg border border-slate-300 bg-white p-0.5 ${className}`}>
      <button type="button" aria-pressed={pressed === 'grid'} onClick={() => onChoose('grid')} className={button}>
        <GridGlyph />
        <span className="sr-only">{t('catalogView.grid')}</span>
      </button>
      <button type="button" aria-pressed={pressed === 'list'} onClick={() => onChoose('list')} className={button}>
        <ListGlyph />
        <span className="sr-only">{t('catalogView.list')}</span>
      </button>
    </div>
  );
}

// size-5 beside the page's controls; the grid's squares are closed paths, so their line caps do not show
const GridGlyph = () => <Icon d="M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z" className="size-5" />;
const ListGlyph = () => <Icon d="M4 5h5v5H4zM4 14h5v5H4zM12 6.5h8M12 15.5h8" className="size-5" />;
