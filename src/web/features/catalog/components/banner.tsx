import { Link } from 'react-router';
import type { Banner } from '../../../../domain/catalog.ts';
import { paths } from '../../../lib/paths.ts';

/**
 * A banner (§2 Banners): categories and tags links go to the catalog, url links open
 * in a new window. The picture switches images at 1024 px.
 */
export function BannerCard({ banner, priority = false }: { banner: Banner; priority?: boolean }) {
  const { link } = banner;
  const body = (
    <>
      <picture>
        <source media="(min-width: 1024px)" srcSet={banner.image.desktop} />
        <img src={banner.image.mobile} alt="" width={800} height={600} loading={priority ? 'eager' : 'lazy'} fetchPriority={priority ? 'high' : 'auto'} className="aspect-[4/3] w-full object-cover lg:aspect-[16/5]" />
      </picture>
      <span className="absolute inset-x-0 bottom-0 flex flex-col gap-1 bg-gradient-to-t from-black/75 to-transparent p-4 text-white lg:p-8">
        <span className="text-xl font-bold lg:text-3xl">{banner.title}</span>
        {banner.subtitle ? <span className="text-sm lg:text-base">{banner.subtitle}</span> : null}
        {banner.buttonText ? <span className="mt-2 w-fit rounded-md bg-white px-4 py-1.5 text-sm font-semibold text-slate-900">{banner.buttonText}</span> : null}
      </span>
    </>
  );
  const cls = 'relative block overflow-hidden rounded-xl';
  if (link.type === 'url') {
    return (
      <a href={link.urlValue} target="_blank" rel="noopener noreferrer" className={cls} style={{ backgroundColor: banner.background }}>
        {body}
      </a>
    );
  }
  const to = link.type === 'categories' ? paths.catalog({ categories: link.value }) : paths.catalog({ tags: link.value });
  return (
    <Link to={to} className={cls} style={{ backgroundColor: banner.background }}>
      {body}
    </Link>
  );
}
