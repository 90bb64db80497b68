import { chromium } from '@playwright/test';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu'] });
for (const width of [390, 1280]) {
  const p = await b.newPage({ viewport: { width, height: 900 } });
  await p.goto('http://127.0.0.1:4999/home');
  await p.waitForTimeout(1500);
  const r = await p.evaluate(() => [...document.querySelectorAll('main section')].slice(0,4).map(s => {
    const f = s.getBoundingClientRect();
    const lis = [...s.querySelectorAll('li')].slice(0,5).map(li => { const r = li.getBoundingClientRect(); const a = li.firstElementChild?.getBoundingClientRect(); return [Math.round(r.x), Math.round(r.width), a && Math.round(a.x), a && Math.round(a.width)]; });
    return { label: s.getAttribute('aria-labelledby'), x: f.x, w: f.width, lis };
  }));
  console.log(width, JSON.stringify(r));
  await p.screenshot({ path: `/tmp/shot/home-${width}.png` });
}
await b.close();
