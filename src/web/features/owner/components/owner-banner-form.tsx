import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import type { Banner } from '../../../../domain/catalog.ts';
import { ownerApi, type OwnerBanner, type OwnerCategory } from '../api/owner-api.ts';
import { PictureField } from './owner-picture-field.tsx';
import { Field, TextBox } from './product-fields.tsx';
import { tagsOf } from '../lib/typed-values.ts';
import { ColourBox, SaveRow, useShopFrontForm } from './owner-shop-front-form.tsx';

type BannerValues = {
  kind: Banner['kind'];
  title: string;
  subtitle: string;
  buttonText: string;
  mobile: string;
  desktop: string;
  background: string;
  linkType: Banner['link']['type'];
  categories: string[];
  tags: string;
  url: string;
  from: string;
  until: string;
};

const valuesOf = (b: OwnerBanner | undefined): BannerValues => ({
  kind: b?.kind ?? 'hero',
  title: b?.title ?? '',
  subtitle: b?.subtitle ?? '',
  buttonText: b?.buttonText ?? '',
  mobile: b?.image.mobile ?? '',
  desktop: b?.image.desktop ?? '',
  background: b?.background ?? '#ffffff',
  linkType: b?.link.type ?? 'categories',
  categories: b?.link.type === 'categories' ? b.link.value : [],
  tags: b?.link.type === 'tags' ? b.link.value.join(', ') : '',
  url: b?.link.type === 'url' ? b.link.urlValue : '',
  from: b?.from ?? '',
  until: b?.until ?? '',
});

/** What the form sends: every field, a blank schedule bound as none, the desktop image the phone one when left blank. */
const bannerOf = (v: BannerValues) => ({
  kind: v.kind,
  title: v.title,
  subtitle: v.subtitle,
  buttonText: v.buttonText,
  image: { mobile: v.mobile, desktop: v.desktop.trim() || v.mobile },
  background: v.background,
  link:
    v.linkType === 'url'
      ? { type: 'url' as const, urlValue: v.url.trim() }
      : v.linkType === 'tags'
        ? { type: 'tags' as const, value: tagsOf(v.tags) }
        : { type: 'categories' as const, value: v.categories },
  from: v.from.trim() || null,
  until: v.until.trim() || null,
});

export function BannerForm({ banner, categories, onDone }: { banner?: OwnerBanner; categories: OwnerCategory[]; onDone: () => void }) {
  const { t } = useTranslation();
  const [form, setForm] = useState(() => valuesOf(banner));
  const { save, problem, error, busy, track } = useShopFrontForm(
    () => (banner ? ownerApi.editBanner(banner.id, bannerOf(form)) : ownerApi.createBanner(bannerOf(form))),
    onDone,
  );
  const update = (change: Partial<BannerValues>) => setForm((f) => ({ ...f, ...change }));
  const select = 'rounded-md border border-slate-300 px-3 py-2 text-base';
  return (
    <form
      onSubmit={(e) => (e.preventDefault(), void save())}
      aria-label={banner ? t('owner.bannerEdit', { name: banner.title || banner.id }) : t('owner.bannerNew')}
      className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3"
    >
      <Field label={t('owner.bannerKind')} error={error('kind')}>
        {(id) => (
          <select id={id} value={form.kind} onChange={(e) => update({ kind: e.target.value as Banner['kind'] })} className={select}>
            <option value="hero">{t('owner.bannerKind_hero')}</option>
            <option value="slider">{t('owner.bannerKind_slider')}</option>
          </select>
        )}
      </Field>
      <TextBox label={t('owner.bannerTitle')} error={error('title')} value={form.title} onChange={(title) => update({ title })} />
      <TextBox label={t('owner.bannerSubtitle')} error={error('subtitle')} value={form.subtitle} onChange={(subtitle) => update({ subtitle })} />
      <TextBox label={t('owner.bannerButton')} error={error('buttonText')} value={form.buttonText} onChange={(buttonText) => update({ buttonText })} />
      <PictureField
        label={t('owner.bannerImageMobile')}
        error={error('image.mobile')}
        value={form.mobile}
        onChange={(mobile) => update({ mobile })}
        onBusy={track}
      />
      <PictureField
        label={t('owner.bannerImageDesktop')}
        error={error('image.desktop')}
        value={form.desktop}
        onChange={(desktop) => update({ desktop })}
        onBusy={track}
      />
      <ColourBox label={t('owner.bannerBackground')} error={error('background')} value={form.background} onChange={(background) => update({ background })} />
      <Field label={t('owner.bannerLink')} error={error('link.type')}>
        {(id) => (
          <select id={id} value={form.linkType} onChange={(e) => update({ linkType: e.target.value as BannerValues['linkType'] })} className={select}>
            <option value="categories">{t('owner.bannerLink_categories')}</option>
            <option value="tags">{t('owner.bannerLink_tags')}</option>
            <option value="url">{t('owner.bannerLink_url')}</option>
          </select>
        )}
      </Field>
      {form.linkType === 'categories' ? (
        <fieldset className="flex flex-col gap-1">
          <legend className="text-sm font-medium">{t('owner.bannerLinkCategories')}</legend>
          {categories.map((c) => (
            <label key={c.id} className="flex items-center gap-2">
              <input
                type="checkbox"
                checked={form.categories.includes(c.id)}
                onChange={(e) => update({ categories: e.target.checked ? [...form.categories, c.id] : form.categories.filter((id) => id !== c.id) })}
              />
              {c.name || c.id}
            </label>
          ))}
          {error('link.value') ? (
            <p role="alert" className="text-sm text-red-700">
              {error('link.value')}
            </p>
          ) : null}
        </fieldset>
      ) : form.linkType === 'tags' ? (
        <TextBox label={t('owner.bannerLinkTags')} error={error('link.value')} value={form.tags} onChange={(tags) => update({ tags })} />
      ) : (
        <TextBox label={t('owner.bannerLinkUrl')} error={error('link.urlValue')} value={form.url} onChange={(url) => update({ url })} />
      )}
      <p className="text-sm text-slate-600">{t('owner.bannerScheduleHint')}</p>
      <TextBox label={t('owner.bannerShowFrom')} error={error('from')} value={form.from} onChange={(from) => update({ from })} />
      <TextBox label={t('owner.bannerShowUntil')} error={error('until')} value={form.until} onChange={(until) => update({ until })} />
      <SaveRow busy={busy} problem={problem} onCancel={onDone} />
    </form>
  );
}
