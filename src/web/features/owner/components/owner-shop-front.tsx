import { useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import type { Banner } from '../../../../domain/catalog.ts';
import type { ApiResult } from '../../../lib/api.ts';
import { ownerApi, type OwnerBanner, type OwnerCategory } from '../api/owner-api.ts';
import { queryClient, refreshOwnerData, shopFrontQuery } from '../api/owner-queries.ts';
import { PictureField } from './owner-picture-field.tsx';
import { Field, TextBox } from './product-fields.tsx';
import { tagsOf } from '../lib/typed-values.ts';
import { Button } from '../../../ui/button.tsx';
import { AlertText } from '../../../ui/alert-text.tsx';
import { boxedList } from './owner-list.tsx';

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

type Problem = { message: string; fields: Record<string, string> } | null;

/** A call's outcome as a form shows it: null when it went through. */
const problemOf = (res: ApiResult<unknown>, failed: string): Problem =>
  res.ok ? null : { message: res.error?.message ?? failed, fields: Object.fromEntries((res.error?.fields ?? []).map((f) => [f.path, f.message])) };

/** The message for a box: its own path's, or the first of its parts' (`link` shows `link.value.1`'s). */
const errorAt = (problem: Problem) => (path: string) =>
  problem?.fields[path] ?? Object.entries(problem?.fields ?? {}).find(([p]) => p.startsWith(`${path}.`))?.[1];

/** Moves the item at `index` one place up (-1) or down (+1): the new order of ids. */
const moved = (ids: string[], index: number, by: -1 | 1) => {
  const next = [...ids];
  [next[index], next[index + by]] = [next[index + by]!, next[index]!];
  return next;
};

function Row({ title, detail, swatch, children }: { title: string; detail: ReactNode; swatch?: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-2 p-3">
      <div className="flex items-center gap-2">
        {swatch ? <span aria-hidden className="size-5 shrink-0 rounded border border-slate-300" style={{ background: swatch }} /> : null}
        <span className="min-w-0 flex-1 font-medium">{title}</span>
      </div>
      <p className="text-sm text-slate-600">{detail}</p>
      {children}
    </div>
  );
}

/** Up, down, edit and delete for one row; a refused delete says why. */
function RowActions({
  name,
  index,
  count,
  onMove,
  onEdit,
  onDelete,
}: {
  name: string;
  index: number;
  count: number;
  onMove: (by: -1 | 1) => Promise<void>;
  onEdit: () => void;
  onDelete: () => Promise<string | null>;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    await work();
    setBusy(false);
  };
  return (
    <>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm-tall"
          disabled={busy || index === 0}
          aria-label={t('owner.moveUp', { name })}
          onClick={() => void run(() => onMove(-1))}
        >
          ↑
        </Button>
        <Button
          variant="secondary"
          size="sm-tall"
          disabled={busy || index === count - 1}
          aria-label={t('owner.moveDown', { name })}
          onClick={() => void run(() => onMove(1))}
        >
          ↓
        </Button>
        <Button variant="secondary" size="sm-tall" onClick={onEdit}>
          {t('owner.edit')}
        </Button>
        <Button
          variant="secondary"
          size="sm-tall"
          disabled={busy}
          onClick={() => void run(async () => window.confirm(t('owner.deleteConfirm', { name })) && setRefused(await onDelete()))}
        >
          {t('owner.delete')}
        </Button>
      </div>
      <AlertText message={refused} small />
    </>
  );
}

function SaveRow({ busy, problem, onCancel }: { busy: boolean; problem: Problem; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button type="submit" disabled={busy}>
        {t('owner.productSave')}
      </Button>
      <Button variant="secondary" size="sm-tall" onClick={onCancel}>
        {t('owner.cancel')}
      </Button>
      {problem ? (
        <p role="alert" className="text-sm text-red-700">
          {problem.message}
        </p>
      ) : null}
    </div>
  );
}

/**
 * One list of the shop front — categories or banners — in the shop's order: each row with up,
 * down, edit and delete, and a form to add one. What differs is told by the caller.
 */
function OrderedSection<T extends { id: string }>(props: {
  heading: string;
  newLabel: string;
  items: T[];
  row: (item: T) => { title: string; swatch: string; detail: ReactNode };
  order: (ids: string[]) => Promise<unknown>;
  remove: (id: string) => Promise<ApiResult<unknown>>;
  form: (item: T | undefined, onDone: () => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const heading = useId();
  const [editing, setEditing] = useState<string | null>(null);
  const ids = props.items.map((item) => item.id);
  const done = () => setEditing(null);
  return (
    <section aria-labelledby={heading} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={heading} className="text-lg font-semibold">
          {props.heading}
        </h2>
        {editing !== 'new' ? <Button onClick={() => setEditing('new')}>{props.newLabel}</Button> : null}
      </div>
      {editing === 'new' ? props.form(undefined, done) : null}
      <ul className={boxedList}>
        {props.items.map((item, i) => {
          const { title, swatch, detail } = props.row(item);
          return (
            <li key={item.id}>
              <Row title={title} swatch={swatch} detail={detail}>
                <RowActions
                  name={title}
                  index={i}
                  count={props.items.length}
                  onMove={async (by) => void (await props.order(moved(ids, i, by)), await refreshOwnerData('shopFront'))}
                  onEdit={() => setEditing(editing === item.id ? null : item.id)}
                  onDelete={async () => {
                    const res = await props.remove(item.id);
                    await refreshOwnerData('shopFront');
                    return res.ok ? null : (res.error?.message ?? t('owner.failed'));
                  }}
                />
                {editing === item.id ? props.form(item, done) : null}
              </Row>
            </li>
          );
        })}
      </ul>
    </section>
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

function ColourBox({ label, error, value, onChange }: { label: string; error: string | undefined; value: string; onChange: (value: string) => void }) {
  return (
    <Field label={label} error={error}>
      {(id, describedBy) => (
        <span className="flex items-center gap-2">
          <input
            type="color"
            aria-hidden
            tabIndex={-1}
            value={/^#[0-9a-f]{6}$/i.test(value) ? value : '#000000'}
            onChange={(e) => onChange(e.target.value)}
            className="h-10 w-12 rounded border border-slate-300"
          />
          <input
            id={id}
            aria-describedby={describedBy}
            aria-invalid={describedBy ? true : undefined}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            className="flex-1 rounded-md border border-slate-300 px-3 py-2 text-base"
          />
        </span>
      )}
    </Field>
  );
}

/**
 * What a category or banner form shares: sending it, the server's problems by field, and
 * its pictures still uploading (`track`), so it is saved once they are in, not without them.
 */
function useShopFrontForm(send: () => Promise<ApiResult<unknown>>, onDone: () => void) {
  const { t } = useTranslation();
  const [sending, setSending] = useState(false);
  const [uploading, setUploading] = useState(0);
  const [problem, setProblem] = useState<Problem>(null);
  const save = async () => {
    setSending(true);
    const res = await send();
    setSending(false);
    setProblem(problemOf(res, t('owner.failed')));
    if (res.ok) {
      await refreshOwnerData('shopFront');
      onDone();
    }
  };
  return { save, problem, error: errorAt(problem), busy: sending || uploading > 0, track: (busy: boolean) => setUploading((n) => n + (busy ? 1 : -1)) };
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

function BannerForm({ banner, categories, onDone }: { banner?: OwnerBanner; categories: OwnerCategory[]; onDone: () => void }) {
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
