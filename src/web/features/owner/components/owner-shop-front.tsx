import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { ownerApi, type OwnerBanner, type OwnerCategory } from '../api/owner-api.ts';
import { queryClient, shopFrontQuery } from '../api/owner-queries.ts';
import { PictureField } from './owner-picture-field.tsx';
import { TextBox } from './product-fields.tsx';
import { OrderedSection } from './owner-ordered-section.tsx';
import { ColourBox, SaveRow, useShopFrontForm } from './owner-shop-front-form.tsx';
import { BannerForm } from './owner-banner-form.tsx';

/**
 * The shop front on /admin (issue 21, decision 037): the categories (name, colour,
 * image, order) and the banners (what they say, where they lead, their order and when
 * they show). Every change is saved at once and the list fetched again; the server's
 * words show under the box they are about.
 */
export function OwnerShopFront() {
  const { t } = useTranslation();
  const query = useQuery(shopFrontQuery(), queryClient);
  if (query.isPending) return <p role="status">{t('nav.loading')}</p>;
  if (query.isError) return <p role="alert">{t('owner.failed')}</p>;
  const { categories, banners } = query.data;
  return (
    <div className="flex flex-col gap-6">
      <Categories categories={categories} />
      <Banners banners={banners} categories={categories} />
    </div>
  );
}

function Categories({ categories }: { categories: OwnerCategory[] }) {
  const { t } = useTranslation();
  return (
    <OrderedSection
      heading={t('owner.categories')}
      newLabel={t('owner.categoryNew')}
      items={categories}
      row={(c) => ({ title: c.name || c.id, swatch: c.colour, detail: t('owner.categoryProducts', { count: c.products }) })}
      order={ownerApi.orderCategories}
      remove={ownerApi.deleteCategory}
      form={(c, onDone) => <CategoryForm category={c} onDone={onDone} />}
    />
  );
}

function CategoryForm({ category, onDone }: { category?: OwnerCategory; onDone: () => void }) {
  const { t } = useTranslation();
  const [form, setForm] = useState({ name: category?.name ?? '', colour: category?.colour ?? '#e2e8f0', image: category?.image ?? '' });
  const { save, problem, error, busy, track } = useShopFrontForm(
    () => (category ? ownerApi.editCategory(category.id, form) : ownerApi.createCategory(form)),
    onDone,
  );
  return (
    <form
      onSubmit={(e) => (e.preventDefault(), void save())}
      aria-label={category ? t('owner.categoryEdit', { name: category.name }) : t('owner.categoryNew')}
      className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3"
    >
      <TextBox label={t('owner.categoryName')} error={error('name')} value={form.name} onChange={(name) => setForm((f) => ({ ...f, name }))} />
      <ColourBox label={t('owner.colour')} error={error('colour')} value={form.colour} onChange={(colour) => setForm((f) => ({ ...f, colour }))} />
      <PictureField
        label={t('owner.categoryImage')}
        error={error('image')}
        value={form.image}
        onChange={(image) => setForm((f) => ({ ...f, image }))}
        onBusy={track}
      />
      <SaveRow busy={busy} problem={problem} onCancel={onDone} />
    </form>
  );
}

/** The schedule as a line: "from 2 Dec until 3 Dec 12:00", as the owner wrote the dates. */
function ScheduleLine({ banner: b }: { banner: OwnerBanner }) {
  const { t } = useTranslation();
  return b.from && b.until
    ? t('owner.bannerFromUntil', { from: b.from, until: b.until })
    : b.from
      ? t('owner.bannerFrom', { from: b.from })
      : b.until
        ? t('owner.bannerUntil', { until: b.until })
        : t('owner.bannerAlways');
}

function Banners({ banners, categories }: { banners: OwnerBanner[]; categories: OwnerCategory[] }) {
  const { t } = useTranslation();
  return (
    <OrderedSection
      heading={t('owner.banners')}
      newLabel={t('owner.bannerNew')}
      items={banners}
      row={(b) => ({
        title: b.title || b.id,
        swatch: b.background,
        detail: (
          <>
            {t(`owner.bannerKind_${b.kind}`)} · <ScheduleLine banner={b} />
          </>
        ),
      })}
      order={ownerApi.orderBanners}
      remove={ownerApi.deleteBanner}
      form={(b, onDone) => <BannerForm banner={b} categories={categories} onDone={onDone} />}
    />
  );
}
